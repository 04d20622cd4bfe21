/** Legal-form words that are not part of a club's name (`AFC Bournemouth`, `Arsenal FC`). */
const LEGAL_FORMS = /^(?:(?:a?fc|cf) )+|(?: (?:a?fc|cf))+$/g;

/**
 * The key a name is matched by: the same letters whatever the case, accents, punctuation,
 * spacing and a leading or trailing legal form (`Brighton & Hove Albion F.C.` and `brighton and
 * hove albion`), nothing more. Words are never dropped or guessed otherwise: `Man United` and
 * `Manchester United FC` meet only through an alias (DECISIONS.md "Sources": no fuzzy matching).
 */
export function nameKey(name: string): string {
  const key = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const bare = key.replace(LEGAL_FORMS, '').trim();
  return bare === '' ? key : bare;
}
