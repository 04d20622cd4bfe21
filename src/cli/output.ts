import { ConfigError } from '../config/config-error.js';
import { DataDirBusyError } from '../db/data-dir-lock.js';
import { databaseRefusal } from '../db/refusal.js';
import { ApiError } from '../errors/api-error.js';
import { terminalJson, terminalText } from './terminal-text.js';

/** Bad input on the command line: a one-line reason and a non-zero exit. */
export class UsageError extends Error {}

export interface CommandContext {
  json: boolean;
  /** Human-readable progress; silent with --json so stdout stays one JSON document. */
  progress(message: string): void;
}

function asProblem(error: unknown): { code: string; title: string; detail: string; exit: number } {
  if (error instanceof ApiError) {
    return { code: error.code, title: error.title, detail: error.detail, exit: 1 };
  }
  if (error instanceof UsageError || error instanceof ConfigError) {
    return {
      code: 'invalid_parameter',
      title: 'Invalid parameter',
      detail: error.message,
      exit: 2,
    };
  }
  if (error instanceof DataDirBusyError) {
    return { code: 'upstream_unavailable', title: 'Database busy', detail: error.message, exit: 1 };
  }
  const detail = error instanceof Error ? reasonOf(error) : String(error) || 'failed';
  return { code: 'internal_error', title: 'Command failed', detail, exit: 1 };
}

/**
 * One line that says why, never an empty one (issue 46): the database's own reason for a write
 * it refused; the end of a Prisma message (it starts with a blank line and the invocation, file
 * paths included); else the first line with text; else the error's name.
 */
function reasonOf(error: Error): string {
  const refusal = databaseRefusal(error);
  if (refusal) {
    return refusal;
  }
  const lines = error.message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const line = error.name.startsWith('PrismaClient') ? lines.at(-1) : lines[0];
  return line ?? error.name;
}

/**
 * Runs one subcommand: its result goes to stdout (JSON with --json, else the text `render`
 * makes); a failure prints one line on stderr (and a problem object on stdout with --json).
 * Every line passes through terminal-text.ts: stored data never writes control characters.
 */
export async function runCommand<T>(
  json: boolean,
  action: (ctx: CommandContext) => Promise<T>,
  render: (result: T) => string,
): Promise<void> {
  const ctx: CommandContext = {
    json,
    progress: (message) => {
      if (!json) {
        process.stderr.write(`${terminalText(message)}\n`);
      }
    },
  };
  try {
    const result = await action(ctx);
    process.stdout.write(json ? `${terminalJson(result)}\n` : `${terminalText(render(result))}\n`);
  } catch (error) {
    const problem = asProblem(error);
    process.stderr.write(`touchline: ${terminalText(problem.detail)}\n`);
    if (json) {
      const { exit: _exit, ...body } = problem;
      process.stdout.write(`${terminalJson(body)}\n`);
    }
    process.exitCode = problem.exit;
  }
}
