import type { TierName } from '../../accounts/tiers.js';
import { ApiError } from '../../errors/api-error.js';

/** `tier` is optional in the plan-action body but required by upgrade and downgrade. */
export function requireTier(tier: TierName | undefined): TierName {
  if (!tier) {
    throw new ApiError('invalid_parameter', "Parameter 'tier' is required for this action", {
      parameter: 'tier',
    });
  }
  return tier;
}
