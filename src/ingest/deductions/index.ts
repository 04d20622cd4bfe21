import { appendChanges, type LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';

/**
 * Point deductions (docs/management.md "Point deductions"): what a competition took off a team
 * in a season, recorded by the operator with `touchline deductions`. The total table counts
 * them. Each write logs a reference change, so cached standings go and `Last-Modified` moves.
 */

export class DeductionError extends Error {}

export interface DeductionInput {
  /** The competition's id or code. */
  competition: string;
  /** The season's start year (2023 for 2023-24). */
  season: number;
  /** The team's id, or its English or original name (exactly, case-insensitive). */
  team: string;
  points: number;
  reason: string;
}

export interface Deduction {
  competitionId: number;
  competitionCode: string;
  season: number;
  teamId: number;
  teamName: string;
  seq: number;
  points: number;
  reason: string;
  createdAt: Date;
}

const isId = (text: string) => /^[1-9][0-9]{0,9}$/.test(text.trim());

async function competitionOf(db: PrismaClient, competition: string) {
  const text = competition.trim();
  const found = await db.competition.findFirst({
    where: isId(text) ? { OR: [{ id: Number(text) }, { code: text }] } : { code: text },
    select: { id: true, code: true },
  });
  if (!found) {
    throw new DeductionError(`no competition with id or code '${competition}'`);
  }
  return found;
}

async function teamOf(db: PrismaClient, team: string) {
  const text = team.trim();
  const named = { equals: text, mode: 'insensitive' as const };
  const found = await db.team.findMany({
    where: isId(text) ? { id: Number(text) } : { OR: [{ nameEn: named }, { nameOriginal: named }] },
    select: { id: true, nameEn: true },
    take: 2,
  });
  if (found.length !== 1) {
    throw new DeductionError(
      found.length === 0
        ? `no team with id or name '${team}'`
        : `more than one team is named '${team}': give its id`,
    );
  }
  return found[0] as { id: number; nameEn: string };
}

function check(input: DeductionInput): void {
  if (!Number.isInteger(input.season) || input.season < 1800 || input.season > 2999) {
    throw new DeductionError('season must be a start year, 1800 to 2999 (2023 for 2023-24)');
  }
  if (!Number.isInteger(input.points) || input.points < 1 || input.points > 200) {
    throw new DeductionError('points must be a whole number of points deducted, 1 to 200');
  }
  const reason = input.reason.trim();
  if (reason.length === 0 || reason.length > 200) {
    throw new DeductionError('reason must be 1 to 200 characters');
  }
}

const REFERENCE = [{ matchId: null, resource: 'reference', kind: 'upsert' }] as const;

/** Records a deduction (a team's second one in a season is a second row, `seq` 2). */
export async function addDeduction(
  db: PrismaClient,
  input: DeductionInput,
  at: Date,
): Promise<{ deduction: Deduction; changes: LoggedChange[] }> {
  check(input);
  const competition = await competitionOf(db, input.competition);
  const team = await teamOf(db, input.team);
  return db.$transaction(async (tx) => {
    const last = await tx.pointDeduction.aggregate({
      where: { competitionId: competition.id, season: input.season, teamId: team.id },
      _max: { seq: true },
    });
    const row = await tx.pointDeduction.create({
      data: {
        competitionId: competition.id,
        season: input.season,
        teamId: team.id,
        seq: (last._max.seq ?? 0) + 1,
        points: input.points,
        reason: input.reason.trim(),
        createdAt: at,
      },
    });
    const changes = await appendChanges(tx, [...REFERENCE], at);
    return {
      deduction: {
        ...row,
        competitionCode: competition.code,
        teamName: team.nameEn,
      },
      changes,
    };
  });
}

/** The deductions recorded, of one competition (id or code) or all, by competition and season. */
export async function listDeductions(db: PrismaClient, competition?: string): Promise<Deduction[]> {
  const where = competition ? { competitionId: (await competitionOf(db, competition)).id } : {};
  const rows = await db.pointDeduction.findMany({
    where,
    include: { competition: { select: { code: true } }, team: { select: { nameEn: true } } },
    orderBy: [{ competitionId: 'asc' }, { season: 'asc' }, { teamId: 'asc' }, { seq: 'asc' }],
  });
  return rows.map(({ competition: c, team: t, ...r }) => ({
    ...r,
    competitionCode: c.code,
    teamName: t.nameEn,
  }));
}

/** Removes one deduction (a mistaken entry, one overturned on appeal). */
export async function removeDeduction(
  db: PrismaClient,
  what: { competition: string; season: number; team: string; seq: number },
  at: Date,
): Promise<{ removed: number; changes: LoggedChange[] }> {
  const competition = await competitionOf(db, what.competition);
  const team = await teamOf(db, what.team);
  return db.$transaction(async (tx) => {
    const { count } = await tx.pointDeduction.deleteMany({
      where: { competitionId: competition.id, season: what.season, teamId: team.id, seq: what.seq },
    });
    if (count === 0) {
      throw new DeductionError(
        `no deduction ${what.seq} of ${team.nameEn} in ${competition.code} ${what.season}`,
      );
    }
    return { removed: count, changes: await appendChanges(tx, [...REFERENCE], at) };
  });
}
