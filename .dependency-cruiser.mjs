/**
 * The architecture's import rules, checked by `npm run check:deps` (part of `npm test`).
 * Layout (README "Architecture"): `src/` is the core, its doors are `rest/` (the /v1 routes) and
 * the door folders under `src/` (graphql, admin, docs, health, cli, assets, live-page, web,
 * billing-webhooks); `app/`
 * composes them.
 */
const DOORS = [
  'rest',
  'src/graphql',
  'src/admin',
  'src/docs',
  'src/health',
  'src/cli',
  'src/assets',
  'src/live-page',
  'src/web',
  'src/billing-webhooks',
];
const DOOR_PATH = `^(${DOORS.join('|')})/`;
const CORE =
  '^src/(?!graphql/|admin/|docs/|health/|cli/|assets/|live-page/|web/|billing-webhooks/)';

/** One rule per door: it may not import any other door. */
const doorsApart = DOORS.map((door) => ({
  name: `door-apart:${door}`,
  comment: `${door} is a door: it may use the core and the HTTP shell, never another door.`,
  severity: 'error',
  from: { path: `^${door}/` },
  to: { path: DOOR_PATH, pathNot: `^${door}/` },
}));

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle makes the order of initialisation matter; split the shared part out.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-not-to-doors',
      comment: 'The core (src/ outside the door folders) never imports a door or app/.',
      severity: 'error',
      from: { path: CORE },
      to: { path: `${DOOR_PATH}|^app/` },
    },
    ...doorsApart,
    {
      name: 'only-composition-imports-app',
      comment:
        'app/ is the composition root: tests, bench and scripts may start it, src/ and rest/ may not.',
      severity: 'error',
      from: { path: '^(src|rest)/' },
      to: { path: '^app/' },
    },
    {
      name: 'shell-below-doors',
      comment:
        'The HTTP shell (src/http) serves the doors; services, policy and data never need it.',
      severity: 'error',
      from: {
        path: '^src/(analysis|accounts|counters|football|changes|db|ingest|i18n|errors|cache|wire)/',
      },
      to: { path: '^src/http/' },
    },
    {
      name: 'analysis-is-pure',
      comment:
        'src/analysis computes; reading and writing storage belongs to the football readers and ingest.',
      severity: 'error',
      from: { path: '^src/analysis/' },
      to: {
        path: '^src/(?!analysis/|football/(regions|vocabulary)[.]ts$)|^(rest|app)/|^node_modules/',
      },
    },
    {
      name: 'accounts-apart-from-football',
      comment:
        'Accounts (keys, plans, subscriptions, billing) and the football readers share nothing: ' +
        'what both need lives below them (db, errors, events).',
      severity: 'error',
      from: { path: '^src/accounts/' },
      to: { path: '^src/football/' },
    },
    {
      name: 'football-apart-from-accounts',
      comment: 'The football readers serve data; who may read it is for the gate to say.',
      severity: 'error',
      from: { path: '^src/football/' },
      to: { path: '^src/accounts/' },
    },
    {
      name: 'counters-below-the-gate',
      comment:
        'src/counters counts (quotas, limits, slices, leases); the gate in src/policy decides with ' +
        'them, so the counters never import the gate.',
      severity: 'error',
      from: { path: '^src/counters/' },
      to: { path: '^src/policy/' },
    },
    {
      name: 'client-stands-alone',
      comment:
        'src/client is the `touchline/client` package a browser loads: it imports itself, ' +
        'openapi-fetch, graphql (its printer is bundled) and the typed-document types, nothing else.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: {
        pathNot:
          '^src/client/|(^|/)node_modules/(openapi-fetch|graphql|@graphql-typed-document-node/core)/',
      },
    },
    {
      name: 'no-dev-dependencies-in-production',
      comment: 'What runs in production may not need a devDependency.',
      severity: 'error',
      from: { path: '^(src|rest|app)/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // bench/peer/server is PostGraphile's own package, installed only when `npm run bench:peer` runs.
    exclude: { path: '^(src/db/generated/|bench/peer/server/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      // Types-only packages (@graphql-typed-document-node/core) name their file in `typings`.
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
