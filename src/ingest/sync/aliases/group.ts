/**
 * One club and every name it goes by at one source of names: the seed of the identity tables'
 * aliases (docs/sources/aliases.md). Renames are aliases: `Shanghai SIPG` is a name of
 * `Shanghai Port FC`.
 */
export interface AliasGroup {
  kind: 'team';
  names: {
    en: string;
    'zh-CN'?: string;
    'zh-HK'?: string;
    aliases: readonly string[];
  };
  source: AliasSource;
}

export type AliasSource = 'openfootball/clubs' | 'derived' | 'demo';

/**
 * Builds one source's groups: a name seen again (any case) joins the group it is already in, so a
 * club listed twice, or named in a second file, stays one group.
 */
export class AliasGroups {
  private readonly groups: { en: string; aliases: string[] }[] = [];
  private readonly byName = new Map<string, { en: string; aliases: string[] }>();

  constructor(private readonly source: AliasSource) {}

  /** The group of `en` (created when no group has that name yet), with `aliases` added. */
  add(en: string, aliases: readonly string[] = []): void {
    let group = this.find(en);
    if (!group) {
      group = { en, aliases: [] };
      this.groups.push(group);
      this.byName.set(en.toLowerCase(), group);
    }
    this.addAliases(group, aliases);
  }

  /** Adds to the group that already has `name`; false when none has it. */
  addTo(name: string, aliases: readonly string[]): boolean {
    const group = this.find(name);
    if (group) {
      this.addAliases(group, aliases);
    }
    return group !== undefined;
  }

  list(): AliasGroup[] {
    return this.groups.map(({ en, aliases }) => ({
      kind: 'team',
      names: { en, aliases: [...aliases] },
      source: this.source,
    }));
  }

  private find(name: string) {
    return this.byName.get(name.toLowerCase());
  }

  private addAliases(group: { en: string; aliases: string[] }, aliases: readonly string[]) {
    for (const alias of aliases) {
      const key = alias.toLowerCase();
      if (alias !== '' && !this.byName.has(key)) {
        group.aliases.push(alias);
        this.byName.set(key, group);
      }
    }
  }
}
