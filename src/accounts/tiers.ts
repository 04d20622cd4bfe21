/** The plans' tiers (spec 3.1), lowest first: upgrades go up this list, downgrades down. */
export type TierName = 'Free' | 'Plus' | 'Pro';

export const TIER_RANK: Readonly<Record<TierName, number>> = { Free: 0, Plus: 1, Pro: 2 };

export const TIER_NAMES = Object.keys(TIER_RANK) as TierName[];

export const isTierName = (value: string): value is TierName => Object.hasOwn(TIER_RANK, value);
