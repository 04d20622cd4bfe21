import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PassScope,
  type ProviderHttp,
  SourceConfigError,
  SourceRefusal,
  SourceUnavailable,
} from '../../../src/ingest/sync/adapter.js';
import { SportmonksSource } from '../../../src/ingest/sync/sources/sportmonks/index.js';
import { plainProviderHttp } from '../../helpers/provider-http.js';
import {
  loadSession,
  type ProviderStandIn,
  startStandIn,
} from '../../helpers/provider-stand-in.js';

const TOKEN = 'test-sportmonks-token';

function scope(over: Partial<PassScope>): PassScope {
  return { kind: 'full', now: new Date('2024-08-20T12:00:00Z'), live: [], paths: [], ...over };
}

function httpFor(standIn: ProviderStandIn, token = TOKEN): ProviderHttp {
  const credentials = new SportmonksSource().credentials({ SPORTMONKS_TOKEN: token });
  return plainProviderHttp('sportmonks', standIn.url, credentials);
}

describe('sportmonks: a season answer that breaks the documented shape', () => {
  let standIn: ProviderStandIn;
  const session = loadSession('sportmonks', 'season');
  const answer = session.steps[0]?.answers[0]?.json as { data: Record<string, unknown>[] };
  const pass = scope({ competitions: ['8'], from: '2024-08-16', to: '2024-08-24' });

  beforeAll(async () => {
    standIn = await startStandIn(session);
  });
  afterAll(() => standIn.stop());

  it('is refused when an include is missing, naming the resource', async () => {
    const [first] = answer.data;
    standIn.queue({ json: { ...answer, data: [{ ...first, participants: undefined }] } });
    const failure = await new SportmonksSource().pass(pass, httpFor(standIn)).catch((e) => e);
    expect(failure).toBeInstanceOf(SourceRefusal);
    expect(failure).toMatchObject({ source: 'sportmonks', resource: 'matches' });
    expect(failure.message).toContain('/fixtures/between/2024-08-16/2024-08-24');
    expect(failure.message).not.toContain(TOKEN);
  });

  it('is refused when a state is not one of the documented states', async () => {
    const [first] = answer.data;
    const odd = { ...first, state: { id: 99, developer_name: 'HALFTIME_SHOW' } };
    standIn.queue({ json: { ...answer, data: [odd] } });
    const failure = await new SportmonksSource().pass(pass, httpFor(standIn)).catch((e) => e);
    expect(failure).toBeInstanceOf(SourceRefusal);
    expect(failure.reason).toContain('HALFTIME_SHOW');
  });

  it('is refused when times are not UTC', async () => {
    standIn.queue({ json: { ...answer, timezone: 'Europe/London' } });
    const failure = await new SportmonksSource().pass(pass, httpFor(standIn)).catch((e) => e);
    expect(failure).toBeInstanceOf(SourceRefusal);
    expect(failure.reason).toContain('Europe/London');
  });

  it('answers a wrong token with the documented 401, the token in no message', async () => {
    const failure = await new SportmonksSource()
      .pass(pass, httpFor(standIn, 'not-the-token'))
      .catch((e) => e);
    expect(failure).toBeInstanceOf(SourceUnavailable);
    expect(failure.message).toContain('HTTP 401');
    expect(failure.message).not.toContain('not-the-token');
    expect(standIn.requests.at(-1)?.status).toBe(401);
  });
});

describe('sportmonks: credentials and options', () => {
  it('reads the token into the Authorization header, never the address', () => {
    expect(new SportmonksSource().credentials({ SPORTMONKS_TOKEN: ' abc ' })).toEqual({
      headers: { Authorization: 'abc' },
      query: {},
    });
  });

  it('names the missing variable', () => {
    expect(() => new SportmonksSource().credentials({})).toThrow(SourceConfigError);
    expect(() => new SportmonksSource().credentials({})).toThrow(/SPORTMONKS_TOKEN/);
  });

  it('takes league ids, not codes', async () => {
    const http: ProviderHttp = { get: () => Promise.reject(new Error('no request expected')) };
    await expect(
      new SportmonksSource().pass(scope({ competitions: ['PL'] }), http),
    ).rejects.toThrow(SourceConfigError);
  });
});
