import type { Command } from 'commander';
import type { Deduction, DeductionInput } from '../ingest/deductions/index.js';
import { positiveInt } from './options.js';
import { runCommand, UsageError } from './output.js';
import type { CliRuntime } from './runtime.js';
import { terminalText } from './terminal-text.js';

/** A DeductionError (unknown competition or team, a bad number) is the command's usage error. */
async function asUsage<T>(work: () => Promise<T>): Promise<T> {
  const { DeductionError } = await import('../ingest/deductions/index.js');
  try {
    return await work();
  } catch (error) {
    throw error instanceof DeductionError ? new UsageError(error.message) : error;
  }
}

const line = (d: Deduction) =>
  terminalText(
    `${d.competitionCode} ${d.season} ${d.teamName} (team ${d.teamId}) #${d.seq}: -${d.points} (${d.reason})`,
  );

const season = positiveInt('season', 2999);

/**
 * `touchline deductions` (docs/management.md "Point deductions"): the points a competition took
 * off a team in a season. The total table counts them; running servers are told at once.
 */
export function registerDeductionsCommands(program: Command, runtime: CliRuntime): void {
  const deductions = program
    .command('deductions')
    .description('point deductions the standings count: list them, add or remove one');
  deductions
    .command('list')
    .description('the deductions recorded, by competition and season')
    .option('--competition <id-or-code>', 'only this competition')
    .option('--json', 'print one JSON document')
    .action((opts: { competition?: string; json?: boolean }) =>
      runCommand(
        Boolean(opts.json),
        () =>
          asUsage(() =>
            runtime.withDatabase(async (database) => {
              const { listDeductions } = await import('../ingest/deductions/index.js');
              return listDeductions(database.prisma, opts.competition);
            }),
          ),
        (rows) => (rows.length === 0 ? 'no point deductions' : rows.map(line).join('\n')),
      ),
    );
  deductions
    .command('add')
    .description('record points a competition deducted from a team in a season')
    .requiredOption('--competition <id-or-code>', 'the competition (id or code, e.g. E0)')
    .requiredOption('--season <year>', 'the season by its start year (2023 for 2023-24)', season)
    .requiredOption('--team <id-or-name>', 'the team (id, or its exact English or original name)')
    .requiredOption('--points <n>', 'points deducted', positiveInt('points', 200))
    .requiredOption('--reason <text>', 'why (shown to operators)')
    .option('--json', 'print one JSON document')
    .action((opts: DeductionInput & { json?: boolean }) =>
      runCommand(
        Boolean(opts.json),
        () =>
          asUsage(() =>
            runtime.withDataChange(async (database) => {
              const { addDeduction } = await import('../ingest/deductions/index.js');
              return (await addDeduction(database.prisma, opts, new Date())).deduction;
            }),
          ),
        (d) => `recorded ${line(d)}`,
      ),
    );
  deductions
    .command('remove')
    .description('remove one recorded deduction (a mistake, or one overturned on appeal)')
    .requiredOption('--competition <id-or-code>', 'the competition (id or code)')
    .requiredOption('--season <year>', 'the season by its start year', season)
    .requiredOption('--team <id-or-name>', 'the team (id or name)')
    .option(
      '--seq <n>',
      'which of the team’s deductions that season (default 1)',
      positiveInt('seq'),
      1,
    )
    .option('--json', 'print one JSON document')
    .action(
      (opts: { competition: string; season: number; team: string; seq: number; json?: boolean }) =>
        runCommand(
          Boolean(opts.json),
          () =>
            asUsage(() =>
              runtime.withDataChange(async (database) => {
                const { removeDeduction } = await import('../ingest/deductions/index.js');
                const { removed } = await removeDeduction(database.prisma, opts, new Date());
                return { removed };
              }),
            ),
          () => `removed deduction ${opts.seq} of ${terminalText(opts.team)}`,
        ),
    );
}
