import type { DocumentNode, GraphQLSchema } from 'graphql';
import { type CostPlan, type PlanInput, planCost } from './cost.js';

/** Variants kept per parsed document; past it they are all dropped and planned again. */
const PLANS_PER_DOCUMENT = 64;
const plans = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, CostPlan>>>();

/**
 * `planCost`, kept. A plan depends on its input alone, and the document cache hands every request
 * of the same text the same parsed document, so an operation asked again with the same variables,
 * language and tier is planned once. The plans live with their schema and document (gone when either is) and are
 * frozen: every request shares them. An input that cannot be planned (bad arguments) throws each
 * time, as before.
 */
export function plannedCost(input: PlanInput): CostPlan {
  const variant = `${input.operationName ?? ''}\u0000${input.language}\u0000${
    input.analysis ? 'a' : '-'
  }\u0000${JSON.stringify(input.variables)}`;
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
  const plan = Object.freeze(planCost(input));
  if (!variants) {
    variants = new Map();
    bySchema.set(input.document, variants);
  } else if (variants.size >= PLANS_PER_DOCUMENT) {
    variants.clear();
  }
  variants.set(variant, plan);
  return plan;
}
