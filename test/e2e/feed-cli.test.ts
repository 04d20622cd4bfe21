import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { embeddedEnv, loadDemo, ROOT } from '../helpers/embedded-cli.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `touchline feed ...` with `input` on stdin; `until` decides when to send SIGTERM. */
function feed(
  dataDir: string,
  args: string[],
  input: string | null,
  until?: (stderr: string) => boolean,
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts', 'feed', ...args], {
      cwd: ROOT,
      env: embeddedEnv(dataDir),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let stopped = false;
    const stopWhenDone = () => {
      if (!stopped && until?.(stderr)) {
        stopped = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      stopWhenDone();
    });
    // The condition may turn true without new output (an HTTP poll): look again every 100 ms.
    const check = setInterval(stopWhenDone, 100);
    child.once('exit', (code) => {
      clearInterval(check);
      resolve({ code, stdout, stderr });
    });
    if (input !== null) {
      child.stdin.end(input);
    }
  });
}

const line = (value: unknown) => JSON.stringify(value);

describe('touchline feed (embedded database)', () => {
  let dataDir = '';
  let matchId = 0;
  const event = (seq: number, minute: unknown) => ({
    op: 'upsert',
    resource: 'events',
    record: { matchId, seq, minute, type: 'corner', side: 'home' },
  });
  async function storedSeqs(): Promise<number[]> {
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.read<{ seq: number }>({
        text: 'SELECT seq FROM match_events WHERE match_id = $1 AND seq >= 500 ORDER BY seq',
        values: [matchId],
      });
      return rows.map((r) => r.seq);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'touchline-feed-'));
    await loadDemo(dataDir, 40);
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.read<{ id: number }>({
        text: `SELECT min(id) AS id FROM matches WHERE status = 'finished'`,
        values: [],
      });
      matchId = row?.id as number;
    } finally {
      await database.close();
    }
  }, 180_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stdin: batches split by a blank line; a bad record rejects its batch (line named), the next goes on', async () => {
    const input = [
      line(event(500, 10)),
      line(event(501, 11)),
      '',
      line(event(502, 12)),
      line(event(503, 'x')),
      '',
      line({ op: 'delete', resource: 'events', key: { matchId, seq: 501 } }),
      '',
    ].join('\n');
    const run = await feed(dataDir, ['-'], input);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/feed stopped: 3 batches \(1 rejected\), \d+ changes/);
    expect(run.stderr).toMatch(
      /stdin batch 2 rejected, nothing of it written: stdin batch 2 line 2, field \/record\/minute/,
    );
    expect(await storedSeqs()).toEqual([500]);
  }, 60_000);

  it('a folder: each file one batch, renamed .done or .rejected with the reason', async () => {
    const dir = join(dataDir, 'inbox');
    await mkdir(dir);
    await writeFile(join(dir, '001.ndjson'), `${line(event(510, 20))}\n`);
    await writeFile(join(dir, '002.ndjson'), `${line(event(511, 21))}\nnot json\n`);
    const run = await feed(dataDir, [dir, '--interval', '100'], null, (err) =>
      err.includes('002.ndjson rejected'),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(dir, '001.ndjson.done'))).toBe(true);
    expect(existsSync(join(dir, '002.ndjson.rejected'))).toBe(true);
    expect(await readFile(join(dir, '002.ndjson.rejected.txt'), 'utf8')).toMatch(
      /002\.ndjson line 2: not valid JSON/,
    );
    expect(await storedSeqs()).toEqual([500, 510]);
  }, 60_000);

  it('an HTTP URL: polled with the ETag, a response applied once', async () => {
    const body = `${line(event(520, 30))}\n`;
    const seen: Array<string | undefined> = [];
    const server = createServer((req, res) => {
      const tag = req.headers['if-none-match'];
      seen.push(tag);
      if (tag === '"v1"') {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { etag: '"v1"', 'content-type': 'application/x-ndjson' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`;
    try {
      const run = await feed(dataDir, [url, '--interval', '100'], null, () => seen.length >= 3);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/response 1: 1 records, 1 changes/);
      expect(seen[0]).toBeUndefined();
      expect(seen.slice(1).every((t) => t === '"v1"')).toBe(true);
      expect(await storedSeqs()).toEqual([500, 510, 520]);
    } finally {
      server.close();
    }
  }, 60_000);

  it('a source that is neither a folder, - nor a URL: one line and exit 2', async () => {
    const run = await feed(dataDir, [join(dataDir, 'missing')], null);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  }, 60_000);
});
