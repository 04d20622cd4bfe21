import type { AliasGroups } from './group.js';

/**
 * openfootball's clubs text format (https://github.com/openfootball/clubs, CC0-1.0):
 *
 *     Shanghai Port FC,   2005,        Shanghai      <- canonical name, [founded,] city
 *       | Shanghai Port
 *       | Shanghai SIPG FC | SIPG Shanghai             <- aliases of the club above
 *     #  previously Shanghai SIPG                     <- a rename: also an alias
 *
 * `=` lines are headings; `#` starts a comment. A canonical name's period of existence
 * (`Dalian Pro (2009-2024)`) is not part of the name.
 */
const RENAME = /^\s*#+\s*(?:previously|formerly)\s+(.+?)\s*$/i;
const PERIOD = /\s*\(\d{4}-(?:\d{4})?\)$/;

export function readClubsText(text: string, into: AliasGroups): void {
  let current: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const renamed = RENAME.exec(raw);
    if (renamed?.[1] && current) {
      into.addTo(current, [renamed[1]]);
      continue;
    }
    const line = (raw.split('#')[0] ?? '').trimEnd();
    if (line.trim() === '' || line.startsWith('=')) {
      continue;
    }
    if (line.trim().startsWith('|')) {
      if (current) {
        into.addTo(current, aliasesOf(line));
      }
      continue;
    }
    current = (line.split(',')[0] ?? '').trim().replace(PERIOD, '');
    into.add(current);
  }
}

/** `| Guangzhou Ev. | Guangzhou Evergrande Taobao,` -> the names, without stray commas. */
function aliasesOf(line: string): string[] {
  return line
    .split('|')
    .map((part) => part.trim().replace(/,$/, '').trim())
    .filter((part) => part !== '');
}

/**
 * The `.lang.jp` / `.lang.ko` files: `English Name,   Script name` per line. The script name
 * joins the club's group (found by any of its names), or starts a group of its own.
 */
export function readLangText(text: string, into: AliasGroups): void {
  for (const raw of text.split(/\r?\n/)) {
    const line = (raw.split('#')[0] ?? '').trim();
    const comma = line.indexOf(',');
    if (line === '' || line.startsWith('=') || comma < 0) {
      continue;
    }
    const en = line.slice(0, comma).trim();
    const script = line.slice(comma + 1).trim();
    if (en !== '' && script !== '' && !into.addTo(en, [script])) {
      into.add(en, [script]);
    }
  }
}
