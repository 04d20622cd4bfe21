import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { ConfigError } from '../../src/config/config-error.js';
import { servesOwnAssets } from '../../src/config/http.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      return error;
    }
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('configuration errors never print secrets', () => {
  it('a refused ADMIN_TOKEN is named with the reason, its value never shown', () => {
    const secret = 'too-short-secret';
    const error = problemsOf({ ADMIN_TOKEN: secret.slice(0, 10) });
    expect(error.message).toMatch(/ADMIN_TOKEN/);
    expect(error.message).toMatch(/16/);
    expect(error.message).not.toContain(secret.slice(0, 10));
  });

  it('URLs that may carry a password are not shown either; ordinary values are', () => {
    const error = problemsOf({
      DATABASE_URL: 'mysql://user:hunter2@db/x',
      REDIS_URL: 'http://:hunter3@cache',
      PORT: 'eighty',
    });
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('hunter3');
    expect(error.message).toMatch(/DATABASE_URL/);
    expect(error.message).toMatch(/REDIS_URL/);
    expect(error.message).toContain('PORT="eighty"');
  });
});

describe('LIVE (docs/live.md)', () => {
  it('moves the demo on the embedded database by default, and nothing with DATABASE_URL', () => {
    expect(loadConfig({}).live).toBe('demo');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).live).toBe('off');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', LIVE: 'demo' }).live).toBe('demo');
    expect(loadConfig({ LIVE: 'off', LIVE_TICK_MS: '250' })).toMatchObject({
      live: 'off',
      liveTickMs: 250,
    });
  });

  it('refuses an unknown mode and a tick below 100 ms, naming the variable', () => {
    const error = problemsOf({ LIVE: 'sometimes', LIVE_TICK_MS: '5' });
    expect(error.message).toContain('LIVE="sometimes"');
    expect(error.message).toContain('LIVE_TICK_MS="5"');
  });
});

describe('SOURCES and SOURCE_STALE_AFTER (docs/sources.md)', () => {
  it('lists the sources synced in the server, and then leaves the demo still', () => {
    expect(loadConfig({}).sources).toEqual([]);
    expect(loadConfig({ SOURCES: 'football-data-org, the-odds-api' })).toMatchObject({
      sources: ['football-data-org', 'the-odds-api'],
      live: 'off',
      sourceStaleAfterSeconds: 60,
    });
    expect(loadConfig({ SOURCES: 'betfair', LIVE: 'demo' }).live).toBe('demo');
    expect(loadConfig({ SOURCE_STALE_AFTER: '300' }).sourceStaleAfterSeconds).toBe(300);
  });

  it('refuses a list that is no list of names and a budget of no seconds', () => {
    const error = problemsOf({ SOURCES: 'football-data-org;rm -rf', SOURCE_STALE_AFTER: '0' });
    expect(error.message).toContain('SOURCES="football-data-org;rm -rf"');
    expect(error.message).toContain('SOURCE_STALE_AFTER="0"');
  });
});

describe('ASSETS_URL: who serves the team logos', () => {
  it('this server, when the assets URL is its own /assets (unset, or set to that)', () => {
    expect(servesOwnAssets(loadConfig({}))).toBe(true);
    expect(servesOwnAssets(loadConfig({ BASE_URL: 'https://api.example/' }))).toBe(true);
    expect(
      servesOwnAssets(
        loadConfig({ BASE_URL: 'https://api.example', ASSETS_URL: 'https://api.example/assets/' }),
      ),
    ).toBe(true);
  });

  it('not this server, when ASSETS_URL points elsewhere', () => {
    expect(servesOwnAssets(loadConfig({ ASSETS_URL: 'https://cdn.example/assets' }))).toBe(false);
  });
});

describe('DATABASE_REPLICA_URLS (docs/scale.md "Read replicas")', () => {
  const primary = 'postgres://app:pw@db-primary:5432/touchline';

  it('takes a comma list of postgres URLs beside DATABASE_URL, with the bounds defaulted', () => {
    const config = loadConfig({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: ' postgres://app:pw@db-r1/touchline,postgresql://db-r2:6432/touchline',
    });
    expect(config.databaseReplicaUrls).toEqual([
      'postgres://app:pw@db-r1/touchline',
      'postgresql://db-r2:6432/touchline',
    ]);
    expect(config.databaseReplicaMaxLagMs).toBe(2000);
    expect(config.databaseReplicaCheckMs).toBe(500);
    expect(loadConfig({ DATABASE_URL: primary }).databaseReplicaUrls).toEqual([]);
  });

  it('refuses replicas without DATABASE_URL, in one line', () => {
    const error = problemsOf({ DATABASE_REPLICA_URLS: 'postgres://db-r1/touchline' });
    expect(error.message).toMatch(/DATABASE_REPLICA_URLS.*needs DATABASE_URL/);
    expect(error.message).not.toContain('\n');
  });

  it('names each bad entry by position, never printing the URLs, beside other problems', () => {
    const error = problemsOf({
      DATABASE_URL: primary,
      DATABASE_REPLICA_URLS: `mysql://u:hunter2@x/y,,${primary},postgres://r/t,postgres://r/t`,
      DATABASE_REPLICA_MAX_LAG_MS: '-1',
    });
    expect(error.problems).toEqual([
      expect.stringMatching(/^DATABASE_REPLICA_MAX_LAG_MS="-1"/),
      expect.stringMatching(/entry 1 of 5 is not a postgres:\/\/ URL$/),
      expect.stringMatching(/entry 2 of 5 is empty$/),
      expect.stringMatching(/entry 3 of 5 is DATABASE_URL itself/),
      expect.stringMatching(/entry 5 of 5 repeats entry 4$/),
    ]);
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('pw@');
  });

  it('refuses a check interval under 50 ms', () => {
    expect(
      problemsOf({ DATABASE_URL: primary, DATABASE_REPLICA_CHECK_MS: '10' }).message,
    ).toContain('DATABASE_REPLICA_CHECK_MS="10"');
  });
});

describe('METRICS_TOKEN, METRICS_PORT, METRICS_HOST (docs/operations.md "Metrics")', () => {
  it('leaves /metrics off by default; the listener binds loopback unless told otherwise', () => {
    const config = loadConfig({});
    expect([config.metricsToken, config.metricsPort]).toEqual([undefined, undefined]);
    expect(config.metricsHost).toBe('127.0.0.1');
    const own = loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
    expect([own.metricsPort, own.metricsHost]).toEqual([9464, '0.0.0.0']);
  });

  it('refuses a short token without showing it, a host without a port, the API port', () => {
    const error = problemsOf({ METRICS_TOKEN: 'short-tok', METRICS_HOST: '0.0.0.0' });
    expect(error.message).toMatch(/METRICS_TOKEN .*16/);
    expect(error.message).not.toContain('short-tok');
    expect(error.message).toMatch(/METRICS_HOST: set METRICS_PORT too/);
    expect(problemsOf({ PORT: '8080', METRICS_PORT: '8080' }).message).toMatch(
      /METRICS_PORT=8080: must differ from PORT/,
    );
    expect(problemsOf({ METRICS_PORT: '3000' }).message).toMatch(/must differ from PORT/);
    expect(problemsOf({ METRICS_PORT: '70000' }).message).toContain('METRICS_PORT="70000"');
  });
});

describe('REDIS_CLUSTER_NODES (docs/scale.md "Redis Cluster")', () => {
  it('a comma list of host:port (IPv6 in brackets) becomes the seed nodes', () => {
    const config = loadConfig({
      REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, redis-b.internal:7001,[::1]:7002',
    });
    expect(config.redisClusterNodes).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-b.internal', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    expect(config.redisUrl).toBeUndefined();
    expect(loadConfig({}).redisClusterNodes).toEqual([]);
  });

  it('bad entries are named by position, every problem together', () => {
    const error = problemsOf({ REDIS_CLUSTER_NODES: 'a:1,,b,c:99999,a:1,redis://:pw@x:6379' });
    expect(error.problems).toEqual([
      'REDIS_CLUSTER_NODES: entry 2 of 6 ("") is empty',
      'REDIS_CLUSTER_NODES: entry 3 of 6 ("b") is not host:port',
      'REDIS_CLUSTER_NODES: entry 4 of 6 ("c:99999") has a port outside 1..65535',
      'REDIS_CLUSTER_NODES: entry 5 of 6 ("a:1") is listed twice',
      'REDIS_CLUSTER_NODES: entry 6 of 6 is not host:port',
    ]);
  });

  it('is refused together with REDIS_URL, in one line', () => {
    const error = problemsOf({ REDIS_URL: 'redis://cache:6379', REDIS_CLUSTER_NODES: 'a:7000' });
    expect(error.problems).toEqual([
      'REDIS_CLUSTER_NODES: set together with REDIS_URL; set one (REDIS_URL for one server, REDIS_CLUSTER_NODES for a cluster)',
    ]);
  });
});

describe('SMTP_URL and MAIL_FROM (docs/accounts.md "Signing up and signing in")', () => {
  it('mail goes to the log unless SMTP_URL is set; the sender defaults to BASE_URL host', () => {
    const plain = loadConfig({});
    expect(plain.smtpUrl).toBeUndefined();
    expect(plain.mailFrom).toBe('touchline <no-reply@localhost>');
    const set = loadConfig({
      SMTP_URL: 'smtps://user:pw@mail.example.com:465',
      BASE_URL: 'https://api.example.com',
    });
    expect(set.smtpUrl).toBe('smtps://user:pw@mail.example.com:465');
    expect(set.mailFrom).toBe('touchline <no-reply@api.example.com>');
    expect(loadConfig({ MAIL_FROM: 'Ops <ops@example.com>' }).mailFrom).toBe(
      'Ops <ops@example.com>',
    );
  });

  it('refuses an SMTP_URL that is not smtp(s):// without showing it, and a MAIL_FROM without @', () => {
    const error = problemsOf({ SMTP_URL: 'http://user:hunter4@mail', MAIL_FROM: 'nobody' });
    expect(error.message).toMatch(/SMTP_URL/);
    expect(error.message).not.toContain('hunter4');
    expect(error.message).toMatch(/MAIL_FROM/);
  });
});

describe('HTTP timeouts (docs/operations.md "Timeouts")', () => {
  it('bound headers, request, idle and keep-alive by default', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({
      headersMs: 10_000,
      requestMs: 30_000,
      idleMs: 120_000,
      keepAliveMs: 72_000,
    });
    expect(
      loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '2000' }).httpTimeouts,
    ).toMatchObject({ headersMs: 2000, requestMs: 5000 });
  });

  it('refuses 0 (no timeout), and a headers timeout longer than the request one', () => {
    expect(problemsOf({ HTTP_REQUEST_TIMEOUT_MS: '0' }).message).toMatch(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(
      problemsOf({ HTTP_HEADERS_TIMEOUT_MS: '40000', HTTP_REQUEST_TIMEOUT_MS: '30000' }).message,
    ).toMatch(/HTTP_HEADERS_TIMEOUT_MS=40000: must not be longer than HTTP_REQUEST_TIMEOUT_MS/);
  });
});
