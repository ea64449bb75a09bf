// A call trace as both panels draw it: the summary, "Copy as text" and "Debug" (where the panel
// offers it), the notes (an incomplete trace says so above the rows), then the calls as a
// disclosure tree (role="tree"). Each row reads
// `CALL  Vault → MyToken  transfer(…)  ✕ failed  InsufficientBalance(…)`; opening it shows its
// fields, its revert site links and the statement, and its calls. Rows are made when their parent
// is first opened, and long lists of siblings are drawn in slices, so 10,000 frames never freeze
// the page. Every string from the host becomes a text node (dom.ts); a site link only posts back
// the key the host issued for it.
import type { TraceRowView, TraceSiteLink, TraceView } from '../protocol/trace';
import { copyControl, type CopyRequest } from './copy';
import { debugButton } from './debugButton';
import { h } from './dom';
import {
  focusRow,
  initiallyOpen,
  lastShown,
  nextShown,
  pathTo,
  previousShown,
  traceTree,
  type TraceTree,
} from './traceTree';

export interface TraceOptions {
  /** A site link was followed: post the key back to the host. */
  readonly openSite: (key: string) => void;
  /** The shared copy control's request (the host owns the clipboard). */
  readonly copy: CopyRequest;
  /** What the user opened, closed and focused, kept across redraws of the same trace. */
  readonly memory?: TraceMemory;
  /** The tree's accessible name; default "Call trace". */
  readonly label?: string;
  /** The "Debug" button beside "Copy as text" runs this; no button without it. */
  readonly debug?: () => void;
}

/** The page's memory of one trace across redraws (a panel keeps one per trace it shows). */
export interface TraceMemory {
  /** Names the tree this memory drew (to find whether the focus was in it when it is redrawn). */
  id?: string;
  /** Which trace the rest is about (its row count and origin). */
  signature?: string;
  open?: Set<number>;
  focused?: number;
  /** The origin was scrolled into view once: a redraw does not scroll again. */
  scrolled?: boolean;
}

/** Rows drawn at once among one parent's children; the rest follow in slices of the same size. */
export const TRACE_SLICE = 400;

/** Trees drawn by this page: each memory's tree gets its own name. */
let traces = 0;

/** The longest accessible name of a row (a decoded call can be long). */
const MAX_ROW_LABEL = 300;

/** A call trace: summary, copy, notes and the tree. */
export function renderTrace(view: TraceView, o: TraceOptions): HTMLElement {
  const tree = traceTree(view.rows);
  const memory = o.memory ?? {};
  const signature = `${view.rows.length}|${view.rows.findIndex(r => r.origin)}`;
  if (memory.signature !== signature) {
    memory.signature = signature;
    memory.open = initiallyOpen(tree, view.rows);
    memory.focused = undefined;
    memory.scrolled = false;
  }
  const open = (memory.open ??= initiallyOpen(tree, view.rows));
  const origin = focusRow(view.rows, open);
  const id = (memory.id ??= `trace-${++traces}`);
  // A redraw while the user is in the tree (the host sent more) puts the focus back on their row.
  const hadFocus = document.activeElement?.closest('[role="tree"]')?.getAttribute('data-trace') === id;
  const drawing = new TreeDrawing(view.rows, tree, open, o);
  drawing.onFocus = row => (memory.focused = row);
  const list = drawing.draw(memory.focused ?? origin);
  list.setAttribute('data-trace', id);
  if (hadFocus && memory.focused !== undefined)
    drawing.whenDrawn(memory.focused, row => requestAnimationFrame(() => row.isConnected && row.focus()));
  if (origin !== undefined && !memory.scrolled) {
    // Once the row is drawn and laid out: the row where the failure started, in view.
    drawing.whenDrawn(origin, row =>
      requestAnimationFrame(() => {
        if (!row.isConnected || memory.scrolled) return;
        memory.scrolled = true;
        row.scrollIntoView({ block: 'nearest' });
      }),
    );
  }
  return h(
    'div',
    { class: 'trace' },
    h(
      'div',
      { class: 'trace-head' },
      h('p', { class: 'trace-summary' }, view.summary),
      copyControl({ label: 'call trace as text', text: view.text, copy: o.copy }),
      o.debug ? debugButton(o.debug) : null,
    ),
    view.notes.length > 0
      ? h('div', { class: 'trace-notes', role: 'note' }, ...view.notes.map(n => h('p', {}, n)))
      : null,
    view.rows.length > 0 ? list : h('p', { class: 'trace-empty' }, 'No calls.'),
  );
}

/**
 * The tree's elements, made as rows are opened, and the keyboard's moves among them. A parent's
 * children are drawn TRACE_SLICE at a time, the first slice at once and the others on the next
 * turns, so no list of siblings, however long, holds the page up.
 */
class TreeDrawing {
  private readonly elements: (HTMLLIElement | undefined)[];
  /** Per parent (-1: the roots): how many of its children are drawn, its group, a slice to come. */
  private readonly filled = new Map<number, { count: number; group: HTMLElement; later: boolean }>();
  /** Called once a row not drawn yet is drawn (the origin to scroll to, the row to tab to). */
  private readonly waiting = new Map<number, ((row: HTMLLIElement) => void)[]>();
  private tabStop: number | undefined;
  /** The user moved in the tree: a row drawn later no longer takes the tab stop. */
  private moved = false;
  onFocus: (row: number) => void = () => undefined;

  constructor(
    private readonly rows: readonly TraceRowView[],
    private readonly tree: TraceTree,
    private readonly open: Set<number>,
    private readonly o: TraceOptions,
  ) {
    this.elements = new Array<HTMLLIElement | undefined>(rows.length);
  }

  /** The tree element with the first slices drawn; `start` (or the first row) takes the tab stop. */
  draw(start: number | undefined): HTMLElement {
    const list = h('ul', {
      class: 'trace-tree',
      role: 'tree',
      attrs: { 'aria-label': this.o.label ?? 'Call trace' },
      on: { keydown: e => this.onKey(e) },
    });
    this.filled.set(-1, { count: 0, group: list, later: false });
    const first = this.tree.roots[0];
    if (first !== undefined) this.setTabStop(first);
    this.fill(-1, TRACE_SLICE);
    // The start row may come with a later slice: it takes the tab stop then, unless the user moved.
    if (start !== undefined)
      this.whenDrawn(this.shownAt(start), (_, row) => {
        if (!this.moved) this.setTabStop(row);
      });
    return list;
  }

  /** Calls `then` with the row's element once it is drawn (at once when it is). */
  whenDrawn(row: number, then: (element: HTMLLIElement, row: number) => void): void {
    const element = this.elements[row];
    if (element) return then(element, row);
    const list = this.waiting.get(row) ?? [];
    list.push(element => then(element, row));
    this.waiting.set(row, list);
  }

  /** The row itself when its ancestors are open, else its outermost closed ancestor (what shows of it). */
  private shownAt(row: number): number {
    const path = pathTo(this.tree, row).reverse();
    return path.find(at => at !== row && !this.open.has(at)) ?? row;
  }

  /** Draws the parent's children up to `count` now, and the rest in slices on the next turns. */
  private fill(parent: number, count: number): void {
    const state = this.filled.get(parent);
    if (!state) return;
    const kids = parent < 0 ? this.tree.roots : this.tree.children(parent);
    const upTo = Math.min(count, kids.length);
    for (let k = state.count; k < upTo; k++) {
      state.count = k + 1;
      state.group.appendChild(this.rowElement(kids[k]));
    }
    if (state.count < kids.length && !state.later) {
      state.later = true;
      setTimeout(() => {
        state.later = false;
        this.fill(parent, state.count + TRACE_SLICE);
      }, 0);
    }
  }

  private rowElement(row: number): HTMLLIElement {
    const r = this.rows[row];
    const tree = this.tree;
    const isOpen = this.open.has(row);
    const li = h(
      'li',
      {
        class: `trace-row${r.failed ? ' failed' : ''}${r.origin ? ' origin' : ''}`,
        role: 'treeitem',
        tabIndex: row === this.tabStop ? 0 : -1,
        attrs: {
          'aria-level': String(tree.depth(row) + 1),
          'aria-setsize': String(tree.siblings(row).length),
          'aria-posinset': String(tree.position(row)),
          'aria-expanded': String(isOpen),
          'aria-label': rowLabel(r),
          'data-row': String(row),
        },
      },
      rowLine(r, () => this.toggle(row, true)),
    );
    this.elements[row] = li;
    if (isOpen) this.expand(row, li);
    const waiting = this.waiting.get(row);
    if (waiting) {
      this.waiting.delete(row);
      for (const then of waiting) then(li);
    }
    return li;
  }

  /** Shows the row's fields and calls, made the first time. */
  private expand(row: number, li: HTMLLIElement): void {
    let more = li.querySelector<HTMLElement>(':scope > .trace-more');
    if (!more) {
      more = rowMore(this.rows[row], this.o.openSite);
      li.appendChild(more);
    }
    more.hidden = false;
    if (this.tree.children(row).length === 0) return;
    const state = this.filled.get(row);
    if (state) {
      state.group.hidden = false;
      return;
    }
    const group = h('ul', { class: 'trace-group', role: 'group' });
    li.appendChild(group);
    this.filled.set(row, { count: 0, group, later: false });
    this.fill(row, TRACE_SLICE);
  }

  private toggle(row: number, focus: boolean): void {
    const li = this.elements[row];
    if (!li) return;
    if (this.open.has(row)) {
      this.open.delete(row);
      li.setAttribute('aria-expanded', 'false');
      for (const part of li.querySelectorAll<HTMLElement>(':scope > .trace-more, :scope > .trace-group'))
        part.hidden = true;
    } else {
      this.open.add(row);
      li.setAttribute('aria-expanded', 'true');
      this.expand(row, li);
    }
    if (focus) this.focus(row);
  }

  /** The row's element, drawing the slices of its siblings and ancestors it needs (it is shown). */
  private reveal(row: number): number {
    const path = pathTo(this.tree, row).reverse();
    for (const at of path) {
      const parent = this.tree.parent(at);
      this.fill(parent, this.tree.position(at));
      if (at !== row && !this.open.has(at)) this.toggle(at, false);
    }
    return row;
  }

  private setTabStop(row: number): void {
    if (this.tabStop !== undefined) this.elements[this.tabStop]?.setAttribute('tabindex', '-1');
    this.tabStop = row;
    this.elements[row]?.setAttribute('tabindex', '0');
  }

  private focus(row: number): void {
    this.moved = true;
    this.setTabStop(this.reveal(row));
    this.elements[row]?.focus();
    this.onFocus(row);
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target instanceof Element ? e.target : null;
    // A site link or the copy button inside a row keeps its own keys.
    if (target && target.getAttribute('role') !== 'treeitem') return;
    const row = Number(target?.getAttribute('data-row'));
    if (!Number.isInteger(row) || row < 0 || row >= this.rows.length) return;
    const next = this.move(e.key, row);
    if (next === 'handled') e.preventDefault();
    else if (next !== undefined) {
      e.preventDefault();
      this.focus(next);
    }
  }

  /** The row a key moves to, 'handled' when it opened or closed the row, undefined when it does nothing. */
  private move(key: string, row: number): number | 'handled' | undefined {
    const tree = this.tree;
    const isOpen = (r: number) => this.open.has(r);
    switch (key) {
      case 'ArrowDown':
        return nextShown(tree, row, isOpen);
      case 'ArrowUp':
        return previousShown(tree, row, isOpen);
      case 'ArrowRight':
        // Opens a closed row; in an open one, goes to its first call.
        return isOpen(row) ? tree.children(row)[0] : this.toggled(row);
      case 'ArrowLeft':
        // Closes an open row; from a closed one, goes to its caller's row.
        if (isOpen(row)) return this.toggled(row);
        return tree.parent(row) >= 0 ? tree.parent(row) : undefined;
      case 'Home':
        return tree.roots[0];
      case 'End':
        return lastShown(tree, isOpen);
      case 'Enter':
      case ' ':
        return this.toggled(row);
      default:
        return undefined;
    }
  }

  private toggled(row: number): 'handled' {
    this.toggle(row, true);
    return 'handled';
  }
}

/** A row as a screen reader names it: not its whole subtree's text. */
function rowLabel(r: TraceRowView): string {
  const label = [
    r.operation,
    `${r.caller} to ${r.recipient}`,
    r.call ?? '',
    r.failed ? (r.origin ? 'failed here' : 'failed') : '',
    r.result,
  ]
    .filter(Boolean)
    .join(', ');
  return label.length > MAX_ROW_LABEL ? `${label.slice(0, MAX_ROW_LABEL)}…` : label;
}

/** The row's one line: a click opens or closes it. */
function rowLine(r: TraceRowView, toggle: () => void): HTMLElement {
  return h(
    'div',
    { class: 'trace-line', on: { click: toggle } },
    h('span', { class: 'trace-twisty', attrs: { 'aria-hidden': 'true' } }),
    h('span', { class: 'trace-op' }, r.operation),
    h(
      'span',
      { class: 'trace-parties' },
      h('span', { class: 'trace-caller' }, r.caller),
      ' → ',
      h('span', { class: 'trace-recipient', title: r.recipientDetail ?? '' }, r.recipient),
    ),
    r.call ? h('code', { class: 'trace-call' }, r.call) : null,
    // A failure reads as an icon and a word, never as colour alone.
    r.failed
      ? h(
          'span',
          { class: 'trace-status' },
          h('span', { class: 'trace-status-icon', attrs: { 'aria-hidden': 'true' } }, '✕'),
          r.origin ? ' failed here' : ' failed',
        )
      : null,
    r.result ? h('code', { class: 'trace-result' }, r.result) : null,
  );
}

/** What opening a row shows: its fields, then its revert site links with the statements. */
function rowMore(r: TraceRowView, openSite: (key: string) => void): HTMLElement {
  return h(
    'div',
    { class: 'trace-more' },
    r.fields.length > 0
      ? h(
          'dl',
          { class: 'trace-fields' },
          ...r.fields.flatMap(f => [h('dt', {}, f.label), h('dd', { attrs: { 'data-field': f.label } }, f.value)]),
        )
      : null,
    r.sites.length > 0
      ? h('ul', { class: 'trace-sites' }, ...r.sites.map(s => siteItem(s, r.sites.length, openSite)))
      : null,
  );
}

function siteItem(s: TraceSiteLink, count: number, openSite: (key: string) => void): HTMLElement {
  const link = h(
    'a',
    {
      class: 'trace-site-link',
      title: `Open ${s.text} at the statement`,
      attrs: { href: '#', 'data-action': 'openSite' },
      on: {
        click: e => {
          e.preventDefault();
          e.stopPropagation();
          openSite(s.key);
        },
      },
    },
    s.text,
  );
  return h(
    'li',
    { class: 'trace-site' },
    s.oneOf ? `Reverted at one of ${count}: ` : 'Reverted at ',
    link,
    s.statement ? h('code', { class: 'trace-statement' }, s.statement) : null,
  );
}
