import type { Unmatched } from '../ingest/sync/identity/mapping.js';
import type { SourceListing } from '../ingest/sync/listing.js';

const when = (at: Date | null | undefined) =>
  at ? at.toISOString().replace('.000Z', 'Z') : 'never';

function lag(seconds: number | null): string {
  if (seconds === null) {
    return 'no good pass yet';
  }
  return seconds < 120 ? `${seconds} s ago` : `${Math.round(seconds / 60)} min ago`;
}

const usage = (used: Record<string, number> | undefined) => {
  const parts = Object.entries(used ?? {}).map(([period, n]) => `${n} this ${period}`);
  return parts.length > 0 ? ` (used ${parts.join(', ')})` : '';
};

/** `touchline sources`: one block per source. */
export function renderSources(sources: readonly SourceListing[]): string {
  return sources
    .map((s) => {
      const h = s.health;
      const lines = [
        `${s.source} (${s.provider}, ${s.role})${s.configured ? '' : ': credentials not set'}${s.stale ? ': STALE' : ''}`,
        `  last good pass ${when(h?.lastSuccessAt)} (${lag(s.lagSeconds)}), ${s.liveMatches} live matches`,
        `  budget ${h?.budget ?? s.defaultBudget ?? 'none'}${usage(h?.used)}, ${h?.requests ?? 0} requests in all; ${h?.passes ?? 0} passes, ${h?.errors ?? 0} failed, ${h?.refused ?? 0} refused`,
      ];
      if (h?.lastError && h.lastErrorAt && (!h.lastSuccessAt || h.lastErrorAt > h.lastSuccessAt)) {
        lines.push(`  last error ${when(h.lastErrorAt)}: ${h.lastError}`);
      }
      const brought = s.competitions.map((c) => `${c.name} (${c.resource})`);
      if (brought.length > 0) {
        lines.push(`  brings ${brought.join(', ')}`);
        lines.push(`  terms: ${s.competitions[0]?.licence}`);
      }
      for (const r of h?.refusedResources ?? []) {
        lines.push(`  ${r.resource}: newest answer refused ${when(r.refusedAt)}: ${r.refusal}`);
      }
      return lines.join('\n');
    })
    .join('\n');
}

/** `touchline map`: what waits for the operator, with the commands that answer it. */
export function renderMap(rows: readonly Unmatched[]): string {
  if (rows.length === 0) {
    return 'nothing unmatched: every source id leads to a touchline entity';
  }
  const lines = rows.map(
    (r) =>
      `${r.source} ${r.kind} ${r.sourceId}: ${r.name}${r.detail ? ` (${r.detail})` : ''}` +
      (r.candidates.length > 0 ? `; candidates ${r.candidates.join(', ')}` : ''),
  );
  return [
    ...lines,
    `${rows.length} unmatched; answer with: touchline map link SOURCE KIND SOURCE-ID ID, or touchline map create SOURCE KIND SOURCE-ID`,
  ].join('\n');
}
