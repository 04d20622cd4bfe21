import type { Static } from 'typebox';
import type { AiReportView } from '../../football/analysis/ai-report.js';
import type { AiReport } from '../schemas/analysis.js';
import { optional } from './common.js';

export function presentAiReport(r: AiReportView): Static<typeof AiReport> {
  return {
    matchId: r.matchId,
    kind: r.kind,
    language: r.language,
    text: r.text,
    ...optional('publishedAt', r.publishedAt?.toISOString()),
  };
}
