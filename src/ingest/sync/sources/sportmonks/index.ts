import {
  type Credentials,
  type PassScope,
  type ProviderHttp,
  type SourceAdapter,
  SourceConfigError,
} from '../../adapter.js';
import type { SourceFacts } from '../../facts.js';
import { credentialValues } from '../failures.js';
import { factsOf } from './map-pass.js';
import { fixturesBetween, fixturesById, livescores } from './read-fixtures.js';
import type { SmFixture } from './schemas.js';
import { passDates, splitWindows } from './windows.js';

const TOKEN = 'SPORTMONKS_TOKEN';

/** The leagues of Sportmonks' free plan: Danish Superliga (271), Scottish Premiership (501). */
export const DEFAULT_LEAGUES = ['271', '501'] as const;

/**
 * `livescores/latest` lists the fixtures updated in the last 10 seconds. A live pass reads it
 * only when the previous live pass succeeded less than 8 seconds ago (2 seconds for the
 * request itself); otherwise an update could fall between the two, and the pass reads
 * `livescores/inplay`, every match in play.
 */
export const LATEST_REACH_MS = 8_000;

function leaguesOf(scope: PassScope): readonly string[] {
  const leagues = scope.competitions?.length ? scope.competitions : DEFAULT_LEAGUES;
  const wrong = leagues.find((l) => !/^[1-9][0-9]*$/.test(l));
  if (wrong !== undefined) {
    throw new SourceConfigError(
      `sportmonks: competitions are Sportmonks league ids (8 is the Premier League), not ${wrong}`,
    );
  }
  return leagues;
}

/**
 * Sportmonks Football API v3 (docs/sources/sportmonks.md). A class because the live loop
 * remembers when it last read the livescores: `livescores/latest` only helps when polled
 * within its 10-second reach.
 */
export class SportmonksSource implements SourceAdapter {
  readonly name = 'sportmonks';
  readonly provider = 'Sportmonks Football API v3';
  readonly role = 'fixtures' as const;
  readonly licence =
    'Sportmonks subscription data (sportmonks.com/terms): for the subscribing account, as is';
  /** The free plan: 180 calls per entity per hour; every request here is of the Fixture entity. */
  readonly defaultBudget = '180/hour';
  readonly liveIntervalMs = 30_000;
  readonly environment = {
    url: 'SPORTMONKS_URL',
    defaultUrl: 'https://api.sportmonks.com/v3/football',
    credentials: [TOKEN],
  };
  private lastLivePass: number | null = null;

  /** The token goes in the `Authorization` header, so it is never part of an address. */
  credentials(env: Readonly<Record<string, string | undefined>>): Credentials {
    const [token] = credentialValues(
      env,
      'sportmonks',
      [TOKEN],
      'the API token from my.sportmonks.com',
    );
    return { headers: { Authorization: (token as string).trim() }, query: {} };
  }

  async pass(scope: PassScope, http: ProviderHttp): Promise<SourceFacts> {
    return scope.kind === 'full' ? this.fullPass(scope, http) : this.livePass(scope, http);
  }

  private async fullPass(scope: PassScope, http: ProviderHttp): Promise<SourceFacts> {
    const leagues = leaguesOf(scope);
    const fixtures: SmFixture[] = [];
    for (const window of splitWindows(passDates(scope))) {
      fixtures.push(...(await fixturesBetween(http, window, leagues)));
    }
    return factsOf(fixtures);
  }

  private async livePass(scope: PassScope, http: ProviderHttp): Promise<SourceFacts> {
    if (scope.live.length === 0) {
      return {};
    }
    const now = scope.now.getTime();
    const recent = this.lastLivePass !== null && now - this.lastLivePass <= LATEST_REACH_MS;
    this.lastLivePass = null;
    const wanted = new Set(scope.live);
    const listed = await livescores(http, recent ? 'latest' : 'inplay');
    if (listed === null) {
      // Answered "not modified": nothing in play changed since the last read.
      this.lastLivePass = now;
      return {};
    }
    const fixtures = listed.filter((f) => wanted.has(String(f.id)));
    if (!recent) {
      // A match inplay no longer lists (ended over 15 minutes ago, postponed): read it by id.
      const seen = new Set(fixtures.map((f) => String(f.id)));
      const missing = scope.live.filter((id) => !seen.has(id));
      fixtures.push(...(await fixturesById(http, missing)));
    }
    this.lastLivePass = now;
    return factsOf(fixtures);
  }
}

export const sportmonksSource = new SportmonksSource();
