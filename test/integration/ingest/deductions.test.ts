import { beforeAll, expect, it } from 'vitest';
import {
  addDeduction,
  DeductionError,
  listDeductions,
  removeDeduction,
} from '../../../src/ingest/deductions/index.js';
import { describeEachDatabase } from '../../helpers/db.js';

/** `touchline deductions` (docs/management.md "Point deductions"): checked, logged, removable. */
describeEachDatabase('point deductions', ({ db }) => {
  const at = new Date('2025-07-01T10:00:00Z');
  beforeAll(async () => {
    const prisma = db().prisma;
    await prisma.competition.create({
      data: { id: 7, code: 'E0', nameEn: 'Premier League', region: 'Europe' },
    });
    await prisma.team.createMany({
      data: [
        { id: 70, nameEn: 'Everton', nameOriginal: 'Everton FC' },
        { id: 71, nameEn: 'Twin', nameOriginal: 'Twin' },
        { id: 72, nameEn: 'Twin', nameOriginal: 'Twin B' },
      ],
    });
  });

  const input = { competition: 'E0', season: 2023, team: 'everton', points: 6, reason: 'PSR' };

  it('records deductions by code or id and name or id, numbered per team and season', async () => {
    const prisma = db().prisma;
    const first = await addDeduction(prisma, input, at);
    expect(first.deduction).toMatchObject({ competitionId: 7, teamId: 70, seq: 1, points: 6 });
    expect(first.changes.map((c) => [c.matchId, c.resource])).toEqual([[null, 'reference']]);
    const second = await addDeduction(
      prisma,
      { ...input, competition: '7', team: 'Everton FC', points: 2 },
      at,
    );
    expect(second.deduction.seq).toBe(2);
    expect((await listDeductions(prisma, 'E0')).map((d) => [d.teamName, d.seq, d.points])).toEqual([
      ['Everton', 1, 6],
      ['Everton', 2, 2],
    ]);
    await removeDeduction(prisma, { competition: 'E0', season: 2023, team: '70', seq: 2 }, at);
    expect(await listDeductions(prisma)).toHaveLength(1);
  });

  it('refuses what it cannot record, and writes nothing', async () => {
    const prisma = db().prisma;
    const before = await prisma.pointDeduction.count();
    const refused: [Partial<typeof input>, RegExp][] = [
      [{ competition: 'XX' }, /no competition/],
      [{ team: 'Nobody' }, /no team/],
      [{ team: 'Twin' }, /more than one team/],
      [{ points: 0 }, /points/],
      [{ points: 1.5 }, /points/],
      [{ season: 23 }, /season/],
      [{ reason: '  ' }, /reason/],
    ];
    for (const [change, message] of refused) {
      await expect(addDeduction(prisma, { ...input, ...change }, at)).rejects.toThrow(message);
      await expect(addDeduction(prisma, { ...input, ...change }, at)).rejects.toBeInstanceOf(
        DeductionError,
      );
    }
    await expect(
      removeDeduction(prisma, { competition: 'E0', season: 2023, team: 'Everton', seq: 9 }, at),
    ).rejects.toThrow(/no deduction 9/);
    expect(await prisma.pointDeduction.count()).toBe(before);
  });
});
