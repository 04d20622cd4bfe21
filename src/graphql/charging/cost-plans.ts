import type { DocumentNode, GraphQLSchema } from 'graphql';
import { type PlanInput, planCosts, type TierPlans } from './cost.js';

/** Variants kept per parsed document; past it they are all dropped and planned again. */
const PLANS_PER_DOCUMENT = 64;
const plans = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, TierPlans>>>();

/**
 * `planCosts`, kept. Plans depend on their input alone, and the document cache hands every
 * request of the same text the same parsed document, so an operation asked again with the same
 * variables and language is planned once, for both kinds of tier. The plans live with their
 * schema and document (gone when either is) and are frozen: every request shares them. An input
 * that cannot be planned (bad arguments) throws each time, as before.
 */
export function plannedCosts(input: Omit<PlanInput, 'analysis'>): TierPlans {
  const variant = `${input.operationName ?? ''}\u0000${input.language}\u0000${JSON.stringify(
    input.variables,
  )}`;
  let bySchema = plans.get(input.schema);
  if (!bySchema) {
    bySchema = new WeakMap();
    plans.set(input.schema, bySchema);
  }
  let variants = bySchema.get(input.document);
  const kept = variants?.get(variant);
  if (kept) {
    return kept;
  }
  const planned = planCosts(input);
  const frozen = Object.freeze({
    analysis: Object.freeze(planned.analysis),
    noAnalysis: Object.freeze(planned.noAnalysis),
  });
  if (!variants) {
    variants = new Map();
    bySchema.set(input.document, variants);
  } else if (variants.size >= PLANS_PER_DOCUMENT) {
    variants.clear();
  }
  variants.set(variant, frozen);
  return frozen;
}
