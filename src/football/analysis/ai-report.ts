import type { PrismaClient } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';
import { LANGUAGES, type Language } from '../../i18n/language.js';
import { existingMatchIds } from '../odds/odds-match.js';

export type ReportKind = 'basic' | 'deep';

/** A published AI report in the language it is served in (spec 4.4). */
export interface AiReportView {
  matchId: number;
  kind: ReportKind;
  language: Language;
  text: string;
  publishedAt: Date | null;
}

type StoredLanguage = 'en' | 'zh_CN' | 'zh_HK';
const fromStored = (l: StoredLanguage): Language =>
  l === 'en' ? 'en' : l === 'zh_CN' ? 'zh-CN' : 'zh-HK';

/**
 * DECISIONS.md "Analysis": the requested language, else English; when English is missing too,
 * the first other published language (the texts are read by people, a Chinese reader of either
 * script reads the other). `Content-Language` then says which one was served.
 */
export function chooseReportLanguage(
  requested: Language,
  available: ReadonlySet<Language>,
): Language | null {
  const order = [requested, 'en' as const, ...LANGUAGES];
  return order.find((l) => available.has(l)) ?? null;
}

export function createAiReportService({ db }: { db: PrismaClient }) {
  /** Batched (DataLoader): matches without a published report of that kind are absent. */
  async function getForMatches(
    matchIds: readonly number[],
    kind: ReportKind,
    requested: Language,
  ): Promise<Map<number, AiReportView>> {
    const rows = await db.aiReport.findMany({
      where: { matchId: { in: [...matchIds] }, kind, published: true },
      select: { matchId: true, language: true, text: true, publishedAt: true },
    });
    const byMatch = new Map<number, Map<Language, (typeof rows)[number]>>();
    for (const row of rows) {
      const own = byMatch.get(row.matchId) ?? new Map();
      byMatch.set(row.matchId, own.set(fromStored(row.language), row));
    }
    const result = new Map<number, AiReportView>();
    for (const [matchId, texts] of byMatch) {
      const language = chooseReportLanguage(requested, new Set(texts.keys()));
      const row = language && texts.get(language);
      if (language && row) {
        result.set(matchId, {
          matchId,
          kind,
          language,
          text: row.text,
          publishedAt: row.publishedAt,
        });
      }
    }
    return result;
  }

  /** Spec 4.4: reads published text only; unpublished or absent is a 404. */
  async function getForMatch(
    matchId: number,
    kind: ReportKind,
    requested: Language,
  ): Promise<AiReportView> {
    const found = (await getForMatches([matchId], kind, requested)).get(matchId);
    if (found) {
      return found;
    }
    const known = await existingMatchIds(db, [matchId]);
    throw new ApiError(
      'not_found',
      known.has(matchId)
        ? `No published ${kind} AI report for match ${matchId}`
        : `Match ${matchId} does not exist`,
    );
  }

  return { getForMatch, getForMatches };
}

export type AiReportService = ReturnType<typeof createAiReportService>;
