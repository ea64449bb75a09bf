// A deployed contract's State rows: its storage (`/contracts/{id}/state`) decoded with the
// compiler output's storage layout (src/source/stateDecode.ts) as variables by name, structs,
// arrays and mappings with rows under them, exact values; the slots the layout does not explain;
// the raw slots when there is no layout (and how to turn it on); and "as of" a moment, each value
// that changed since, before → now. Values are plain text here, escaped in tooltips. Pure: no vscode.
import { parseTimestamp, formatTimestamp } from '../../ledger/timestamp';
import { consensusTime, plainText as plain, relativeAge, revealInvisibles, shortTime } from '../../present';
import { compareStates, type DecodedState, type DecodedStateEntry } from '../../source/stateDecode';
import { escapeMarkdown } from '../common/markdown';
import { MessageNode, type ItemData, type TreeNode } from '../common/nodes';

/** Most rows listed under one row (a mapping of 10,000 entries shows these and says how many more). */
export const MAX_CHILD_ROWS = 500;
/** Most problems of the decoding listed (the rest are counted). */
const MAX_PROBLEM_ROWS = 5;
const MAX_TOOLTIP_VALUE = 4000;

export const STORAGE_LAYOUT_HOWTO =
  'Ask the compiler for it and compile again. Hardhat: in hardhat.config, solidity.settings.outputSelection = ' +
  '{ "*": { "*": ["storageLayout"] } }. Foundry: extra_output = ["storageLayout"] in foundry.toml.';

/** Whether the storage layout was found, or why not (in words, with what to do). */
export type LayoutAnswer =
  | { readonly kind: 'found'; readonly contractName: string }
  | { readonly kind: 'missing'; readonly reason: string; readonly detail: string };

/** One reading of a contract's storage, decoded when a layout was found. */
export interface StateSnapshot {
  /** Normalised slot → value (`0x` + 64 lower-case hex each). */
  readonly slots: ReadonlyMap<string, string>;
  /** True when pages were left unread (the cap on slots read). */
  readonly more: boolean;
  /** Slots the node sent that were not `0x` + hex (not kept). */
  readonly malformed: number;
  readonly layout: LayoutAnswer;
  readonly decoded?: DecodedState;
  /** Epoch ms of the reading. */
  readonly readAt: number;
  /** The consensus time asked (`sss.nnnnnnnnn`); undefined: the latest state. */
  readonly timestamp?: string;
}

/** `0x` + up to 64 hex (any case) → `0x` + 64 lower-case hex; undefined otherwise (or for `0x`: no value). */
export function normaliseWord(text: string): string | undefined {
  if (text.length < 3 || text.length > 66 || text[0] !== '0' || (text[1] !== 'x' && text[1] !== 'X')) return undefined;
  const digits = text.slice(2);
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i) | 0x20;
    if (!((c >= 48 && c <= 57) || (c >= 97 && c <= 102))) return undefined;
  }
  return `0x${digits.toLowerCase().padStart(64, '0')}`;
}

/** Adds a page's slots to `into`; the number of entries that were not slots and values. */
export function addSlots(
  into: Map<string, string>,
  state: readonly { readonly slot: string; readonly value: string }[],
): number {
  let malformed = 0;
  for (const s of state) {
    // `0x` is the node's "no value written": nothing to decode.
    if (s.value === '0x') continue;
    const slot = normaliseWord(s.slot);
    const value = normaliseWord(s.value);
    if (slot === undefined || value === undefined) malformed++;
    else into.set(slot, value);
  }
  return malformed;
}

/**
 * A moment the user typed: a consensus timestamp (`1700000000.123456789`, `1700000000`) or an ISO
 * date and time (`2026-11-27T10:00:00Z`, `2026-11-27`: UTC unless it says), as `sss.nnnnnnnnn`.
 */
export function parseMoment(text: string): { ok: true; timestamp: string } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '')
    return {
      ok: false,
      message: 'Type a consensus timestamp (1700000000.123456789) or a date and time (2026-11-27T10:00:00Z).',
    };
  const ts = parseTimestamp(t);
  if (ts) return { ok: true, timestamp: formatTimestamp(ts) };
  const iso = t.length <= 40 && /^\d{4}-\d{2}-\d{2}/.test(t);
  const ms = iso ? Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(t.slice(10)) || t.length === 10 ? t : `${t}Z`) : NaN;
  if (!Number.isFinite(ms) || ms < 0) {
    return {
      ok: false,
      message: `"${plain(t, 60)}" is not a moment: type a consensus timestamp (1700000000.123456789) or a date and time (2026-11-27T10:00:00Z).`,
    };
  }
  const seconds = Math.floor(ms / 1000);
  return { ok: true, timestamp: `${seconds}.${String((ms - seconds * 1000) * 1_000_000).padStart(9, '0')}` };
}

export interface StateChange {
  readonly path: string;
  readonly before?: string;
  readonly after?: string;
}

/** What changed between two readings: by variable when both were decoded, else by raw slot. */
export function stateChanges(before: StateSnapshot, after: StateSnapshot): StateChange[] {
  if (before.decoded && after.decoded) return compareStates(before.decoded, after.decoded);
  const changes: StateChange[] = [];
  for (const [slot, value] of after.slots) {
    const was = before.slots.get(slot);
    if (was !== value) changes.push({ path: slot, ...(was !== undefined ? { before: was } : {}), after: value });
  }
  for (const [slot, value] of before.slots) if (!after.slots.has(slot)) changes.push({ path: slot, before: value });
  return changes;
}

function iconOf(entry: DecodedStateEntry): string {
  if (entry.note !== undefined && entry.value === undefined && !entry.children?.length) return 'warning';
  if (entry.typeLabel.startsWith('mapping(')) return 'symbol-key';
  if (entry.typeLabel.endsWith(']')) return 'symbol-array';
  if (entry.typeLabel.startsWith('struct ')) return 'symbol-structure';
  return 'symbol-variable';
}

/** A variable, member, element or mapping entry; containers have rows under them. */
export class StateEntryNode implements TreeNode {
  readonly kind = 'stateEntry';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    readonly entry: DecodedStateEntry,
  ) {}

  /** What Copy value copies: the exact value (a container: its name and type). */
  get copyText(): string {
    return this.entry.value ?? `${this.entry.label}: ${this.entry.typeLabel}`;
  }

  item(): ItemData {
    const e = this.entry;
    const count = e.children?.length ?? 0;
    const size =
      e.length !== undefined
        ? ` · length ${e.length}`
        : count > 0
          ? ` · ${count} entr${count === 1 ? 'y' : 'ies'}`
          : '';
    const description = e.value !== undefined ? e.value : `${e.typeLabel}${size}`;
    return {
      id: this.id,
      label: plain(e.label, 200),
      description: plain(
        e.note !== undefined && e.value === undefined ? `${description} · ${e.note}` : description,
        400,
      ),
      icon: iconOf(e),
      ...(e.note !== undefined ? { iconColor: 'editorWarning.foreground' } : {}),
      contextValue: 'deploymentValue',
      collapsible: count > 0 ? 'collapsed' : 'none',
    };
  }

  tooltip(): string {
    const e = this.entry;
    const lines = [`**${escapeMarkdown(e.label)}**: ${escapeMarkdown(e.typeLabel)}`];
    if (e.value !== undefined) lines.push(codeBlock(e.value));
    lines.push(`slot \`${e.slot}\`${e.offset > 0 ? `, byte offset ${e.offset}` : ''}`);
    if (e.note !== undefined) lines.push(escapeMarkdown(e.note));
    return lines.join('\n\n');
  }

  children(): TreeNode[] {
    return capped(
      this,
      this.id,
      this.entry.children ?? [],
      (child, i) => new StateEntryNode(this, `${this.id}/${i}`, child),
    );
  }
}

/** A slot and its value, as the node gave them (no layout explains it). */
export class RawSlotNode implements TreeNode {
  readonly kind = 'stateSlot';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    readonly slot: string,
    readonly value: string,
  ) {}

  get copyText(): string {
    return this.value;
  }

  item(): ItemData {
    return {
      id: this.id,
      label: slotName(this.slot),
      description: this.value,
      icon: 'symbol-constant',
      contextValue: 'deploymentValue',
      collapsible: 'none',
    };
  }

  tooltip(): string {
    return `slot \`${this.slot}\`\n\nvalue \`${this.value}\``;
  }
}

/** `slot 5` for a small slot number, else `slot 0x1234abcd…9f8e7d6c` (a hashed slot). */
export function slotName(slot: string): string {
  const digits = slot.slice(2).replace(/^0+/, '');
  if (digits.length <= 12) return `slot ${BigInt(`0x${digits || '0'}`).toString(10)}`;
  return `slot 0x${digits.slice(0, 8)}…${digits.slice(-8)}`;
}

/** "Unexplained slots (N)": the slots the layout does not account for. */
export class SlotListNode implements TreeNode {
  readonly kind = 'stateSlots';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    readonly label: string,
    readonly slots: readonly { readonly slot: string; readonly value: string }[],
    private readonly why: string,
  ) {}

  item(): ItemData {
    return {
      id: this.id,
      label: `${this.label} (${this.slots.length})`,
      icon: 'question',
      contextValue: 'deploymentSlots',
      collapsible: this.slots.length > 0 ? 'collapsed' : 'none',
    };
  }

  tooltip(): string {
    return escapeMarkdown(this.why);
  }

  children(): TreeNode[] {
    return capped(this, this.id, this.slots, (s, i) => new RawSlotNode(this, `${this.id}/${i}`, s.slot, s.value));
  }
}

/** One value that changed between two moments: `before → now`. */
export class ChangeNode implements TreeNode {
  readonly kind = 'stateChange';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    readonly change: StateChange,
  ) {}

  get copyText(): string {
    return `${this.change.path}: ${this.change.before ?? '(none)'} → ${this.change.after ?? '(none)'}`;
  }

  item(): ItemData {
    const c = this.change;
    return {
      id: this.id,
      label: plain(c.path, 200),
      description: plain(`${c.before ?? '(none)'} → ${c.after ?? '(none)'}`, 400),
      icon: 'diff-modified',
      contextValue: 'deploymentValue',
      collapsible: 'none',
    };
  }

  tooltip(): string {
    const c = this.change;
    return `**${escapeMarkdown(c.path)}**\n\nbefore:${codeBlock(c.before ?? '(none)')}\n\nnow:${codeBlock(c.after ?? '(none)')}`;
  }
}

/** "As of <time>": the state then beside now, each changed value as a row. */
export class ComparisonNode implements TreeNode {
  readonly kind = 'stateComparison';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    readonly timestamp: string,
    readonly changes: readonly StateChange[],
    /** A note when the two readings could not be compared fully (slots left unread, no layout). */
    readonly note?: string,
  ) {}

  item(): ItemData {
    const n = this.changes.length;
    return {
      id: this.id,
      label: `As of ${shortTime(this.timestamp)}`,
      description: n === 0 ? 'nothing changed since' : `${n} changed since`,
      icon: 'git-compare',
      contextValue: 'deploymentComparison',
      collapsible: 'expanded',
    };
  }

  tooltip(): string {
    const lines = [
      `The state at ${escapeMarkdown(consensusTime(this.timestamp))} beside now: each value that differs, before → now.`,
    ];
    if (this.note !== undefined) lines.push(escapeMarkdown(this.note));
    return lines.join('\n\n');
  }

  children(): TreeNode[] {
    const rows = capped(this, this.id, this.changes, (c, i) => new ChangeNode(this, `${this.id}/${i}`, c));
    if (this.changes.length === 0) rows.push(new MessageNode(this, `${this.id}/none`, 'Nothing changed since', ''));
    if (this.note !== undefined)
      rows.push(new MessageNode(this, `${this.id}/note`, this.note, '', { icon: 'warning' }));
    return rows;
  }
}

/** The rows of the State group for one reading (the comparison, when there is one, first). */
export function stateRows(
  parent: TreeNode,
  base: string,
  snap: StateSnapshot,
  nowMs: number,
  comparison?: ComparisonNode,
): TreeNode[] {
  const rows: TreeNode[] = comparison ? [comparison] : [];
  const message = (id: string, text: string, detail: string, icon = 'info') =>
    new MessageNode(parent, `${base}:${id}`, text, detail, { icon });
  if (snap.layout.kind === 'missing') {
    rows.push(message('noLayout', snap.layout.reason, snap.layout.detail));
    const raw = [...snap.slots].map(([slot, value]) => ({ slot, value }));
    rows.push(
      ...capped(parent, `${base}:raw`, raw, (s, i) => new RawSlotNode(parent, `${base}:raw/${i}`, s.slot, s.value)),
    );
  } else if (snap.decoded) {
    const d = snap.decoded;
    rows.push(...d.variables.map((v, i) => new StateEntryNode(parent, `${base}:var/${i}:${v.label}`, v)));
    if (d.unexplained.length > 0) {
      const why =
        'Slots the storage layout does not account for: mapping entries whose key was not among the addresses and numbers tried, or a layout of another compilation.';
      rows.push(new SlotListNode(parent, `${base}:unexplained`, 'Unexplained slots', d.unexplained, why));
    }
    for (const [i, p] of d.problems.slice(0, MAX_PROBLEM_ROWS).entries())
      rows.push(message(`problem/${i}`, p, '', 'warning'));
    if (d.problems.length > MAX_PROBLEM_ROWS)
      rows.push(message('problems', `${d.problems.length - MAX_PROBLEM_ROWS} more problems`, '', 'warning'));
  }
  if (snap.slots.size === 0 && !snap.more) rows.push(message('empty', 'No storage written', 'every slot is zero'));
  if (snap.malformed > 0)
    rows.push(
      message('malformed', `${snap.malformed} slots not read`, 'the mirror node sent them in another form', 'warning'),
    );
  if (snap.more)
    rows.push(
      message('more', 'More slots not read', `the first ${snap.slots.size.toLocaleString('en-US')} were`, 'warning'),
    );
  const age = relativeAge(snap.readAt, nowMs);
  rows.push(message('read', `${snap.slots.size.toLocaleString('en-US')} slots read`, age ? `${age}` : '', 'clock'));
  return rows;
}

/** Up to MAX_CHILD_ROWS rows, then one saying how many more there are. */
function capped<T>(
  parent: TreeNode,
  id: string,
  items: readonly T[],
  make: (item: T, i: number) => TreeNode,
): TreeNode[] {
  const rows = items.slice(0, MAX_CHILD_ROWS).map(make);
  if (items.length > MAX_CHILD_ROWS) {
    rows.push(
      new MessageNode(
        parent,
        `${id}/more`,
        `${(items.length - MAX_CHILD_ROWS).toLocaleString('en-US')} more not listed`,
        '',
      ),
    );
  }
  return rows;
}

function codeBlock(text: string): string {
  const cut = text.length > MAX_TOOLTIP_VALUE ? `${text.slice(0, MAX_TOOLTIP_VALUE)}…` : text;
  // Network text: invisible and bidi characters shown as code points, no fence it could close.
  return `\n\`\`\`\n${revealInvisibles(cut).replace(/`/g, "'")}\n\`\`\``;
}
