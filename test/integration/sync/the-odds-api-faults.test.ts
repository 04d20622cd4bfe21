import { expect, it } from 'vitest';
import { SourceUnavailable } from '../../../src/ingest/sync/adapter.js';
import { BudgetExhausted } from '../../../src/ingest/sync/budget.js';
import { theOddsApiSource } from '../../../src/ingest/sync/sources/the-odds-api/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadSession, type ProviderStandIn } from '../../helpers/provider-stand-in.js';
import { fillFixtures, refusedResources } from '../../helpers/sync.js';
import { withStep } from '../../helpers/sync-sessions.js';
import { useSourceUnderTest } from '../../helpers/sync-source.js';

const SOURCE = 'the-odds-api';
const WRONG_KEY = 'a-wrong-odds-api-key-0123456789';

describeEachDatabase('the-odds-api: budget, bad key and malformed answers', ({ db }) => {
  const prisma = () => db().prisma;
  const source = useSourceUnderTest(prisma, theOddsApiSource, ['soccer_epl']);
  const { pass } = source;
  const oddsRequests = (standIn: ProviderStandIn) =>
    standIn.requests.filter((r) => r.path.endsWith('/odds'));

  it('counts 6 credits an /odds call: a budget of 12 a month allows two', async () => {
    await fillFixtures(prisma(), 'matchday-2');
    const standIn = await source.start(loadSession(SOURCE, 'season'));
    const budget = { budget: '12/month' };
    const now = '2024-08-23T12:00:00Z';
    expect(await pass('full', now, budget)).toMatchObject({ ok: true });
    const stored = await prisma().odds.count();
    expect(await pass('full', now, budget)).toMatchObject({ ok: true, changes: 0 });
    const third = await pass('full', now, budget);
    expect(third.ok).toBe(false);
    expect(third.error).toBe(
      'the-odds-api: budget 12/month used up until 2024-09-01T00:00:00.000Z',
    );
    expect(source.thrown.at(-1)).toBeInstanceOf(BudgetExhausted);
    // The third pass still listed the events (free), but asked for no odds.
    expect(oddsRequests(standIn)).toHaveLength(2);
    expect(standIn.requests.at(-1)?.path).toBe('/sports/soccer_epl/events');
    const window = await prisma().sourceBudgetWindow.findFirstOrThrow({
      where: { source: SOURCE },
    });
    expect([window.period, window.used, window.limit]).toEqual(['month', 12, 12]);
    expect(await prisma().odds.count()).toBe(stored);
  });

  it('says a bad key (401 INVALID_KEY) is refused credentials, writes nothing, never prints it', async () => {
    await fillFixtures(prisma(), 'matchday-2');
    const standIn = await source.start(loadSession(SOURCE, 'season'));
    const report = await pass('full', '2024-08-23T12:00:00Z', { key: WRONG_KEY });
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/API key is not valid .*\(INVALID_KEY\)/);
    const thrown = source.thrown.at(-1);
    expect(thrown).toBeInstanceOf(SourceUnavailable);
    expect(thrown).toMatchObject({ credentialsRefused: true });
    expect(standIn.requests.map((r) => r.status)).toEqual([401]);
    expect(source.lines.join('\n')).not.toContain(WRONG_KEY);
    expect(String((thrown as Error).message)).not.toContain(WRONG_KEY);
    expect(await prisma().odds.count()).toBe(0);
    expect(await prisma().externalId.count({ where: { source: SOURCE } })).toBe(0);
    // Refused credentials are not a malformed answer: no resource turns 502.
    expect(await refusedResources(prisma(), SOURCE)).toEqual([]);
    const state = await prisma().sourceState.findUniqueOrThrow({ where: { source: SOURCE } });
    expect([state.errors, state.refused, state.lastSuccessAt]).toEqual([1, 0, null]);
  });

  it('refuses odds that are not JSON, keeps the stored prices, and marks the odds refused', async () => {
    await fillFixtures(prisma(), 'live');
    const session = withStep(loadSession(SOURCE, 'live'), {
      name: 'broken',
      answers: [{ path: '/sports/soccer_epl/odds', text: '[{"id": "eadae01d60f3464240' }],
    });
    const standIn = await source.start(session);
    await pass('full', '2024-11-04T09:00:00Z');
    const before = await prisma().oddsMovement.findMany({ orderBy: { changedAt: 'asc' } });
    standIn.step('broken');
    const report = await pass('live', '2024-11-10T16:20:00Z');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(
      /refused the answer of http:\/\/127\.0\.0\.1:\d+\/sports\/soccer_epl\/odds\?.*: not valid JSON/,
    );
    expect(report.error).not.toContain('apiKey');
    expect(await prisma().oddsMovement.findMany({ orderBy: { changedAt: 'asc' } })).toEqual(before);
    const [refused] = await refusedResources(prisma(), SOURCE);
    expect(refused).toMatchObject({ resource: 'odds', refusal: 'not valid JSON' });
    expect(refused?.refusedAt).not.toBeNull();
    const state = await prisma().sourceState.findUniqueOrThrow({ where: { source: SOURCE } });
    expect(state.refused).toBe(1);
  });
});
