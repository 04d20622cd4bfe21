import { expect, it } from 'vitest';
import { SourceUnavailable } from '../../../src/ingest/sync/adapter.js';
import { betfairSource } from '../../../src/ingest/sync/sources/betfair/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadSession } from '../../helpers/provider-stand-in.js';
import { entityOf, fillFixtures, refusedResources } from '../../helpers/sync.js';
import { withStep } from '../../helpers/sync-sessions.js';
import { useSourceUnderTest } from '../../helpers/sync-source.js';

const SOURCE = 'betfair';
const WRONG_TOKEN = 'an-expired-session-token-0123456789';

describeEachDatabase('betfair: refused credentials and malformed books', ({ db }) => {
  const prisma = () => db().prisma;
  const source = useSourceUnderTest(prisma, betfairSource, ['10932509']);
  const { pass } = source;

  it('says an expired session (HTTP 400 INVALID_SESSION_INFORMATION) is refused credentials', async () => {
    await fillFixtures(prisma(), 'live');
    const standIn = await source.start(loadSession(SOURCE, 'live'));
    const report = await pass('full', '2024-11-10T16:00:00Z', { key: WRONG_TOKEN });
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(
      /listMarketCatalogue\/: Betfair says INVALID_SESSION_INFORMATION$/,
    );
    const thrown = source.thrown.at(-1);
    expect(thrown).toBeInstanceOf(SourceUnavailable);
    expect(thrown).toMatchObject({ credentialsRefused: true });
    // Not retried: a 400 is the provider's answer, not a fault.
    expect(standIn.requests.map((r) => r.status)).toEqual([400]);
    expect(source.lines.join('\n')).not.toContain(WRONG_TOKEN);
    expect(await prisma().exchangeOdds.count()).toBe(0);
    expect(await prisma().odds.count()).toBe(0);
    expect(await prisma().externalId.count({ where: { source: SOURCE } })).toBe(0);
    expect(await refusedResources(prisma(), SOURCE)).toEqual([]);
  });

  it('refuses a book that is not JSON and keeps the stored exchange document', async () => {
    await fillFixtures(prisma(), 'live');
    const session = withStep(
      loadSession(SOURCE, 'live'),
      {
        name: 'broken',
        answers: [
          { method: 'POST', path: '/listMarketBook/', text: '[{"marketId":"1.235001001",' },
        ],
      },
      'pre-match',
    );
    const standIn = await source.start(session);
    await pass('full', '2024-11-10T16:00:00Z');
    const matchId = await entityOf(prisma(), SOURCE, 'match', '33745286');
    const before = await prisma().exchangeOdds.findUniqueOrThrow({ where: { matchId } });
    const moves = await prisma().oddsMovement.count();
    standIn.step('broken');
    const report = await pass('live', '2024-11-10T16:31:00Z');
    expect(report.ok).toBe(false);
    expect(report.error).toMatch(/refused the answer of .*\/listMarketBook\/: not valid JSON/);
    expect(await prisma().exchangeOdds.findUniqueOrThrow({ where: { matchId } })).toEqual(before);
    expect(await prisma().oddsMovement.count()).toBe(moves);
    const [refused] = await refusedResources(prisma(), SOURCE);
    expect(refused).toMatchObject({ resource: 'exchange', refusal: 'not valid JSON' });
    expect(refused?.refusedAt).not.toBeNull();
    // The catalogue answered well: only the exchange resource is refused.
    const matches = await prisma().sourceResourceState.findUniqueOrThrow({
      where: { source_resource: { source: SOURCE, resource: 'matches' } },
    });
    expect(matches.refusedAt).toBeNull();
  });
});
