import type { Command } from 'commander';
import { group } from './access-manage.js';
import { runCommand } from './output.js';
import type { CliRuntime, DocumentsAdded, DocumentsListed } from './runtime.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function renderAdded(r: DocumentsAdded): string {
  const added = r.documents.filter((d) => d.added).length;
  const lines = r.documents.map(
    (d) =>
      `  ${d.hash}  ${d.operations.join(', ')}  ${d.file}${d.added ? '' : '  (already registered)'}`,
  );
  return [
    `${r.manifest}: ${plural(added, 'document')} added, ${r.total} in all`,
    ...lines,
    'the server reads the manifest when it starts: restart it to serve them',
  ].join('\n');
}

function renderListed(r: DocumentsListed): string {
  const lines = r.documents.map((d) => `  ${d.hash}  ${d.operations.join(', ')}`);
  return [`${r.manifest}: ${plural(r.total, 'document')}`, ...lines].join('\n');
}

/** `touchline documents add|list` (docs/graphql.md "Trusted documents"). */
export function registerDocumentsCommands(program: Command, runtime: CliRuntime): void {
  const documents = group(
    program,
    'documents',
    'trusted GraphQL documents: the manifest the server loads at start (TRUSTED_DOCUMENTS)',
  );
  documents
    .command('add')
    .description(
      'validate .graphql files (or folders of them) against the schema and register them, all or none',
    )
    .argument('<paths...>', '.graphql files, or folders searched for *.graphql and *.gql')
    .option('--json', 'print one JSON document')
    .action((paths: string[], opts: { json?: boolean }) =>
      runCommand(Boolean(opts.json), () => runtime.documents.add(paths), renderAdded),
    );
  documents
    .command('list')
    .description('the registered documents: hash and operations')
    .option('--json', 'print one JSON document')
    .action((opts: { json?: boolean }) =>
      runCommand(Boolean(opts.json), () => runtime.documents.list(), renderListed),
    );
}
