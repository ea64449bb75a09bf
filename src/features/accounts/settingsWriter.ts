// Changes to `ledgerLens.accounts` (add, remove, relabel), written through the config service at
// the scopes that hold the account. The list's entries are ids or { id, label }; an entry is
// matched by the account it names (any accepted form), not by its text.
import type { SettingScope, SettingsWriter } from '../../app/config';
import type { AccountSetting, Network } from '../../app/settings';
import { checkAccountEntry } from '../../ledger';

export class AccountsSettingsWriter {
  constructor(
    private readonly config: SettingsWriter,
    private readonly network: () => Network,
  ) {}

  /** Appends an entry to the list of one scope. */
  async append(entry: AccountSetting | string, scope: 'user' | 'workspace'): Promise<void> {
    const held = this.config.valuesByScope('accounts').find(v => v.scope === scope)?.value;
    await this.config.write('accounts', [...(Array.isArray(held) ? (held as unknown[]) : []), entry], scope);
  }

  /**
   * Rewrites every settings scope that lists the account: `change` returns the new entry, or
   * undefined to remove it. True when some scope had it.
   */
  async edit(key: string, change: (id: string) => AccountSetting | string | undefined): Promise<boolean> {
    let found = false;
    const writes: [unknown[], SettingScope][] = [];
    for (const { scope, value } of this.config.valuesByScope('accounts')) {
      if (!Array.isArray(value)) continue;
      let hit = false;
      const next: unknown[] = [];
      for (const e of value as unknown[]) {
        const id = entryId(e);
        if (id !== undefined && this.keyOf(id.trim()) === key) {
          hit = true;
          const replaced = change(id.trim());
          if (replaced !== undefined) next.push(replaced);
        } else next.push(e);
      }
      if (hit) writes.push([next, scope]);
    }
    for (const [next, scope] of writes) {
      found = true;
      await this.config.write('accounts', next, scope);
    }
    return found;
  }

  private keyOf(id: string): string {
    const c = checkAccountEntry(id, this.network());
    return c.ok ? c.path : `invalid:${id}`;
  }
}

function entryId(e: unknown): string | undefined {
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object' && 'id' in e && typeof e.id === 'string') return e.id;
  return undefined;
}
