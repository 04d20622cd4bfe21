import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../../src/accounts/api-key-format.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { listening } from '../../helpers/push.js';
import type { TestApp } from './matches-fixture.js';

const CORNERS = '/v1/football/matches/17/analysis/corners';

interface Answer {
  status: number;
  code: string | undefined;
  quotaLimit: string | undefined;
  port: number | undefined;
}

/**
 * A key's hash is kept on the connection that sent it (src/policy/connection-key-hash.ts): every
 * request on one keep-alive connection is still its own key's, whichever keys came before.
 */
describe('keys on one keep-alive connection', () => {
  let database: TestDatabase;
  let app: TestApp;
  let base: string;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = (await buildTestApp(database)) as TestApp;
    base = await listening(app);
  });
  afterAll(async () => {
    agent.destroy();
    await app?.close();
    await database?.close();
  });

  const get = (key: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(`${base}${CORNERS}`, { agent, headers: { 'x-api-key': key } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => {
          const code =
            res.statusCode === 200 ? undefined : (JSON.parse(body) as { code: string }).code;
          resolve({
            status: res.statusCode ?? 0,
            code,
            quotaLimit: res.headers['x-quota-limit'] as string | undefined,
            port: req.socket?.localPort,
          });
        });
      });
      req.on('error', reject);
      req.end();
    });

  it("answers each request as its own key's, whatever the connection sent before", async () => {
    const pro = await createAccountWithKey(database, 'Pro');
    const free = await createAccountWithKey(database, 'Free');
    const unknown = generateApiKey('svc_live_');
    const answers: Answer[] = [];
    for (const key of [pro.key, pro.key, free.key, free.key, pro.key, unknown, free.key, pro.key]) {
      answers.push(await get(key));
    }
    // One connection carried them all.
    expect(new Set(answers.map((a) => a.port)).size).toBe(1);
    const proAnswer = answers[0] as Answer;
    const freeAnswer = answers[2] as Answer;
    expect(proAnswer.code).not.toBe('tier_insufficient');
    expect(freeAnswer).toMatchObject({ status: 403, code: 'tier_insufficient' });
    expect(proAnswer.quotaLimit).not.toBe(freeAnswer.quotaLimit);
    expect(answers.map((a) => a.code ?? 'ok')).toEqual([
      proAnswer.code ?? 'ok',
      proAnswer.code ?? 'ok',
      'tier_insufficient',
      'tier_insufficient',
      proAnswer.code ?? 'ok',
      'key_invalid',
      'tier_insufficient',
      proAnswer.code ?? 'ok',
    ]);
    expect(answers.map((a) => a.quotaLimit)).toEqual([
      proAnswer.quotaLimit,
      proAnswer.quotaLimit,
      freeAnswer.quotaLimit,
      freeAnswer.quotaLimit,
      proAnswer.quotaLimit,
      undefined,
      freeAnswer.quotaLimit,
      proAnswer.quotaLimit,
    ]);
  });
});
