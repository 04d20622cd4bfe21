import { afterEach, expect, it, vi } from 'vitest';
import { runCommand } from '../../../src/cli/output.js';

/**
 * Issue 46 finding 6: Prisma's errors begin with a blank line, and the CLI printed their first
 * line: `touchline:` and nothing else. A failed command always says why, on one line.
 */
async function failWith(error: unknown) {
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const exitCode = process.exitCode;
  try {
    await runCommand(
      false,
      () => Promise.reject(error),
      () => '',
    );
    return { printed: stderr.mock.calls.map((c) => String(c[0])).join(''), code: process.exitCode };
  } finally {
    stderr.mockRestore();
    process.exitCode = exitCode;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

it('a Prisma error (a blank first line, then its invocation) prints the reason at its end', async () => {
  const error = Object.assign(
    new Error('\nInvalid `prisma.x()` invocation in\n/app/src/x.ts:3:1\n\n\nConnection lost'),
    { name: 'PrismaClientUnknownRequestError' },
  );
  const run = await failWith(error);
  expect(run.printed).toBe('touchline: Connection lost\n');
  expect(run.code).toBe(1);
});

it('another error whose message starts with a blank line prints its first line with text', async () => {
  const run = await failWith(new Error('\n\nthe feed folder vanished\nmore'));
  expect(run.printed).toBe('touchline: the feed folder vanished\n');
});

it('an error without a message prints its name', async () => {
  const run = await failWith(new RangeError(''));
  expect(run.printed).toBe('touchline: RangeError\n');
  expect(run.code).toBe(1);
});

it('a database refusal prints the server reason, not the invocation text', async () => {
  const adapter = Object.assign(new Error('DriverAdapterError'), {
    name: 'DriverAdapterError',
    cause: { kind: 'postgres', code: '22P05', message: 'unsupported Unicode escape sequence' },
  });
  const error = Object.assign(new Error('\nInvalid `prisma.$queryRawUnsafe()` invocation:\n'), {
    code: 'P2010',
    meta: { driverAdapterError: adapter },
  });
  const run = await failWith(error);
  expect(run.printed).toBe('touchline: unsupported Unicode escape sequence (SQLSTATE 22P05)\n');
});
