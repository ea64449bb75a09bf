// The shape of a call trace's rows as a tree: each row's parent, children and depth from the rows'
// levels (the rows come in tree order), which rows start open, and the keyboard's moves among the
// rows shown. No DOM: the page (trace.ts) draws it; the tests check it without a browser.

/** What the tree reads of a row. */
export interface LevelledRow {
  readonly level: number;
  readonly open?: boolean;
  readonly origin?: boolean;
}

export interface TraceTree {
  readonly size: number;
  /** The rows without a parent, in order. */
  readonly roots: readonly number[];
  /** The row's parent, or -1 for a root. */
  parent(row: number): number;
  children(row: number): readonly number[];
  /** 0 for a root: its nesting as drawn (aria-level is this + 1). */
  depth(row: number): number;
  /** Its 1-based place among its siblings (aria-posinset); their count is `siblings(row).length`. */
  position(row: number): number;
  /** The row's siblings, itself included: its parent's children, or the roots. */
  siblings(row: number): readonly number[];
}

const NO_CHILDREN: readonly number[] = Object.freeze([]);

/**
 * The tree the levels describe. A row's parent is the nearest row before it with a lower level,
 * so levels that skip (0, 2) nest one step and levels that go back close the rows between: any
 * sequence of integers gives a tree, in one pass.
 */
export function traceTree(rows: readonly LevelledRow[]): TraceTree {
  const size = rows.length;
  const parents = new Int32Array(size);
  const depths = new Int32Array(size);
  const positions = new Int32Array(size);
  const kids: (number[] | undefined)[] = new Array<number[] | undefined>(size);
  const roots: number[] = [];
  const stack: number[] = [];
  for (let i = 0; i < size; i++) {
    const level = rows[i].level;
    while (stack.length > 0 && rows[stack[stack.length - 1]].level >= level) stack.pop();
    const parent = stack.length > 0 ? stack[stack.length - 1] : -1;
    parents[i] = parent;
    depths[i] = parent < 0 ? 0 : depths[parent] + 1;
    const list = parent < 0 ? roots : (kids[parent] ??= []);
    list.push(i);
    positions[i] = list.length;
    stack.push(i);
  }
  const children = (row: number): readonly number[] => kids[row] ?? NO_CHILDREN;
  return {
    size,
    roots,
    parent: row => parents[row],
    children,
    depth: row => depths[row],
    position: row => positions[row],
    siblings: row => (parents[row] < 0 ? roots : children(parents[row])),
  };
}

/** The row and its ancestors, the row first. */
export function pathTo(tree: TraceTree, row: number): number[] {
  const path: number[] = [];
  for (let at = row; at >= 0; at = tree.parent(at)) path.push(at);
  return path;
}

/**
 * The rows open when the trace is first drawn: those the host opened (the first failure and its
 * ancestors), and the ancestors of each, so an open row is never hidden inside a closed one.
 */
export function initiallyOpen(tree: TraceTree, rows: readonly LevelledRow[]): Set<number> {
  const open = new Set<number>();
  rows.forEach((r, i) => {
    if (r.open) for (const at of pathTo(tree, i)) open.add(at);
  });
  return open;
}

/** The row the page scrolls to and focuses first: the first origin that is open, else the first origin. */
export function focusRow(rows: readonly LevelledRow[], open: ReadonlySet<number>): number | undefined {
  let first: number | undefined;
  for (let i = 0; i < rows.length; i++) {
    if (!rows[i].origin) continue;
    if (open.has(i)) return i;
    first ??= i;
  }
  return first;
}

/** A row shows its children when it is open. */
export type IsOpen = (row: number) => boolean;

/** The row shown after `row` (Down), or undefined at the end. */
export function nextShown(tree: TraceTree, row: number, isOpen: IsOpen): number | undefined {
  const kids = tree.children(row);
  if (kids.length > 0 && isOpen(row)) return kids[0];
  for (let at = row; at >= 0; at = tree.parent(at)) {
    const siblings = tree.siblings(at);
    const place = tree.position(at);
    if (place < siblings.length) return siblings[place];
  }
  return undefined;
}

/** The row shown before `row` (Up), or undefined at the start. */
export function previousShown(tree: TraceTree, row: number, isOpen: IsOpen): number | undefined {
  const place = tree.position(row);
  if (place > 1) return lastShownWithin(tree, tree.siblings(row)[place - 2], isOpen);
  const parent = tree.parent(row);
  return parent < 0 ? undefined : parent;
}

/** The last row shown of the whole tree (End), or undefined when there are no rows. */
export function lastShown(tree: TraceTree, isOpen: IsOpen): number | undefined {
  const last = tree.roots[tree.roots.length - 1];
  return last === undefined ? undefined : lastShownWithin(tree, last, isOpen);
}

/** The deepest last row shown under `row` (itself when closed or a leaf). */
function lastShownWithin(tree: TraceTree, row: number, isOpen: IsOpen): number {
  let at = row;
  for (;;) {
    const kids = tree.children(at);
    if (kids.length === 0 || !isOpen(at)) return at;
    at = kids[kids.length - 1];
  }
}
