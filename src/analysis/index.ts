/** Public surface of the analysis module (docs/analysis.md). */
export { type AnalyzeOptions, type AnalyzeResult, analyzeAll } from './analyze.js';
export { analyzeCornerTeam, buildCornerAnalysis, cornerBucket } from './corner-analysis.js';
export * from './corner-types.js';
export * from './kelly-index.js';
export { analyzeTeamMarket, DEFAULT_SAMPLE_SIZE } from './market-analysis.js';
export * from './market-payload.js';
export { HANDICAP_RULES, TOTAL_RULES } from './market-rules.js';
export { selectionMatchIds } from './market-selection.js';
export * from './market-types.js';
export { type Outcome, settleHandicap, settleTotal } from './settle.js';
export * from './stored-analysis.js';
export * from './tips-distribution.js';
