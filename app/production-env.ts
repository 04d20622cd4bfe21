// Imported first by app/main.ts: a process that is not told otherwise runs as production, so
// graphql-js skips its development-mode checks (about a tenth of an uncached page's CPU;
// docs/performance-miss-path.md). Tests set NODE_ENV=test and keep them.
process.env['NODE_ENV'] ??= 'production';
