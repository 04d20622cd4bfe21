import type { ScheduledMatch } from '../calendar/schedule.js';
import { DAY_MS, HOUR_MS, iso } from '../clock.js';
import { BASIC, DEEP, type ReportFacts, type ReportLanguage } from '../data/report-texts.js';
import type { AiReportRecord } from '../model.js';
import type { Distributions } from '../poisson.js';
import type { Rng } from '../random.js';
import { hdpLine, hiloLine, priced } from './odds-model.js';

const LANGUAGES: readonly ReportLanguage[] = ['en', 'zh-CN', 'zh-HK'];

function roundIn(round: string, lang: ReportLanguage): string {
  if (lang === 'en') {
    return round;
  }
  const group = /^Group ([A-H]) - Matchday (\d+)$/.exec(round);
  const n = /(\d+)$/.exec(round)?.[1] ?? '';
  const turn = lang === 'zh-CN' ? '轮' : '輪';
  return group
    ? `${group[1]}${lang === 'zh-CN' ? '组' : '組'}第${group[2]}${turn}`
    : `第${n}${turn}`;
}

function signed(line: number): string {
  return line > 0 ? `+${line}` : String(line);
}

function facts(
  m: ScheduledMatch,
  d: Distributions,
  corners: number,
  lang: ReportLanguage,
): ReportFacts {
  const pick = <T extends { en: string; zhCn: string; zhHk: string }>(t: T) =>
    lang === 'en' ? t.en : lang === 'zh-CN' ? t.zhCn : t.zhHk;
  const comp = { en: m.comp.nameEn, zhCn: m.comp.nameZhCn, zhHk: m.comp.nameZhHk };
  const homeFav = d.home >= d.away;
  const [ph, , pa] = priced([d.home, d.draw, d.away], 0.05);
  const lean = d.draw > Math.max(d.home, d.away) - 0.08 ? 1 : homeFav ? 0 : 2;
  return {
    home: pick(m.home),
    away: pick(m.away),
    competition: pick(comp),
    round: roundIn(m.round, lang),
    favourite: pick(homeFav ? m.home : m.away),
    underdog: pick(homeFav ? m.away : m.home),
    favouritePrice: (homeFav ? ph : pa)?.toFixed(2) ?? '',
    handicap: signed(hdpLine(d)),
    goalLine: String(hiloLine(d)),
    corners: corners.toFixed(1),
    lean,
    openGame: hiloLine(d) >= 2.75,
  };
}

/**
 * Basic and deep previews in three languages. Older matches have fewer reports; some are
 * unpublished, some lack a language; fixtures more than two days out are not published yet.
 */
export function aiReportRecords(
  m: ScheduledMatch,
  d: Distributions,
  corners: number,
  now: number,
  rng: Rng,
): AiReportRecord[] {
  const old = m.kickoff < now - 365 * DAY_MS;
  const out: AiReportRecord[] = [];
  for (const kind of ['basic', 'deep'] as const) {
    const p = kind === 'basic' ? (old ? 0.3 : 0.85) : old ? 0.1 : 0.5;
    if (!rng.chance(p)) {
      continue;
    }
    const missing = rng.chance(0.1) ? rng.pick(['zh-HK', 'zh-CN', 'zh-HK', 'en']) : null;
    const early = m.kickoff - now > 2 * DAY_MS;
    const published = !early && !rng.chance(0.06);
    const at = Math.min(now - HOUR_MS, m.kickoff - rng.int(6, 30) * HOUR_MS);
    for (const language of LANGUAGES) {
      if (language === missing) {
        continue;
      }
      const f = facts(m, d, corners, language);
      const record: AiReportRecord = {
        matchId: m.id,
        kind,
        language,
        published,
        text: (kind === 'basic' ? BASIC : DEEP)[language](f),
      };
      if (published) {
        record.publishedAt = iso(Math.floor(at / 1000) * 1000);
      }
      out.push(record);
    }
  }
  return out;
}
