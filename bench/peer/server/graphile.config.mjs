// PostGraphile 5, the peer of `npm run bench:peer` (docs/benchmarks.md "Peer: PostGraphile"):
// the amber preset and the connection filter (the day page filters matches by kickoff), over
// the bench database's public schema, with a pool of 10 as touchline's (src/db/pg-pool.ts).
import { makePgService } from 'postgraphile/adaptors/pg';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { jsonPgSmartTags } from 'postgraphile/utils';
import { PostGraphileConnectionFilterPreset } from 'postgraphile-plugin-connection-filter';

const connectionString = process.env.DATABASE_URL;
if (!connectionString) {
  throw new Error('DATABASE_URL is required');
}

// The billing table `subscriptions` would be named `Subscription`, the GraphQL subscription
// root's name: renamed, so that the schema builds without a naming conflict.
const RenameSubscriptions = jsonPgSmartTags({
  version: 1,
  config: { class: { subscriptions: { tags: { name: 'billing_subscriptions' } } } },
});

/** @type {GraphileConfig.Preset} */
const preset = {
  extends: [PostGraphileAmberPreset, PostGraphileConnectionFilterPreset],
  plugins: [RenameSubscriptions],
  pgServices: [makePgService({ connectionString, schemas: ['public'], poolConfig: { max: 10 } })],
  grafserv: { graphqlPath: '/graphql', graphiql: false, watch: false },
  grafast: { explain: false },
};

export default preset;
