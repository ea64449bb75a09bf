// A data grid over a native table that renders only the rows in view (plus a few either side), so
// 10,000 loaded rows cost what 40 do: scrolling, a unit toggle and Load more touch the visible part
// only. Rows have one fixed height (one line, or two in a narrow pane), measured once per layout;
// spacer rows stand for the rest. Keyboard: one cell is in the tab order (roving tabindex; the
// table itself when that cell is scrolled out); arrows, Home/End, Ctrl+Home/End and
// PageUp/PageDown move and scroll, Enter or Space opens the row. Cells are filled by the columns' render functions with text nodes only.
// Each header and cell carries the class `col-<id>`, so the page's stylesheet can narrow or hide
// columns by the grid's width (a container query), or lay each row out on two lines (the rows and
// cells then carry their roles explicitly, and the heights are measured again on a width change);
// the keys skip a hidden column.

export interface Column<R> {
  readonly id: string;
  readonly header: string;
  /** Words after the header, shown only where the stylesheet shows `.head-note` (e.g. a unit the cells drop). */
  readonly headerNote?: string;
  /** Right-aligned, tabular digits. */
  readonly numeric?: boolean;
  /**
   * The column's width (CSS length), as the header's `--col-width` for the stylesheet to use or
   * override. The grid lays out with fixed widths, so a changed cell does not make the browser
   * measure every other row again.
   */
  readonly width: string;
  render(row: R, cell: HTMLTableCellElement): void;
  /** Updates a rendered cell in place (cheaper than render for refreshColumns). */
  update?(row: R, cell: HTMLTableCellElement): void;
}

export interface DataGridOptions<R> {
  readonly label: string;
  readonly columns: readonly Column<R>[];
  readonly onActivate: (row: R, index: number) => void;
  readonly rowLabel?: (row: R) => string;
}

const PAGE = 10;
/** Rows rendered beyond each edge of the view, so a small scroll shows rows already there. */
const OVERSCAN = 8;
/** Rows rendered before the grid has been laid out (no height to go by yet). */
const UNMEASURED_WINDOW = 40;
const FALLBACK_ROW_HEIGHT = 24;

export class DataGrid<R> {
  /** The scrolling box holding the table (`table.grid`). */
  readonly element: HTMLDivElement;
  readonly table: HTMLTableElement;
  private readonly head: HTMLTableSectionElement;
  private readonly body: HTMLTableSectionElement;
  private readonly topSpacer = spacerRow();
  private readonly bottomSpacer = spacerRow();
  private rows: R[] = [];
  /** The rendered rows by index: always the contiguous range [first, first + size). */
  private readonly rendered = new Map<number, HTMLTableRowElement>();
  private first = 0;
  private rowHeight = 0;
  private headHeight = 0;
  private active = { row: 0, col: 0 };
  private readonly headCells: HTMLTableCellElement[] = [];

  constructor(private readonly o: DataGridOptions<R>) {
    this.element = document.createElement('div');
    this.element.className = 'grid-wrap';
    this.table = document.createElement('table');
    this.table.className = 'grid';
    this.table.setAttribute('role', 'grid');
    this.table.setAttribute('aria-label', o.label);
    this.table.tabIndex = -1;
    this.head = this.table.createTHead();
    this.head.setAttribute('role', 'rowgroup');
    const tr = this.head.insertRow();
    tr.setAttribute('role', 'row');
    tr.setAttribute('aria-rowindex', '1');
    // The widths sit on the header cells, not on <col>s: a column whose cells are all hidden then
    // leaves the layout with them.
    for (const c of o.columns) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.setAttribute('role', 'columnheader');
      // The header's own font stays the cells' (its width in `ch` then means the cells' `ch`); the
      // words are bold inside it. A header cut in a narrow pane keeps its whole name as tooltip.
      th.appendChild(document.createElement('span')).textContent = c.header;
      if (c.headerNote) {
        const note = th.appendChild(document.createElement('span'));
        note.className = 'head-note';
        note.textContent = c.headerNote;
      }
      th.title = c.header;
      th.className = c.numeric ? `col-${c.id} num` : `col-${c.id}`;
      th.style.setProperty('--col-width', c.width);
      tr.appendChild(th);
      this.headCells.push(th);
    }
    this.body = this.table.createTBody();
    this.body.setAttribute('role', 'rowgroup');
    this.element.appendChild(this.table);
    this.table.addEventListener('keydown', e => this.onKey(e));
    this.body.addEventListener('click', e => {
      const pos = this.positionOf(e.target);
      if (!pos) return;
      // A click on a link or button inside a cell is that control's, not the row's.
      if (e.target instanceof Element && e.target.closest('a,button,vscode-button')) return;
      this.move(pos.row, pos.col);
      this.activate(pos.row);
    });
    this.element.addEventListener('scroll', () => this.renderWindow(), { passive: true });
    this.observeWidth();
    this.syncCount();
  }

  get rowCount(): number {
    return this.rows.length;
  }

  rowAt(index: number): R | undefined {
    return this.rows[index];
  }

  setRows(rows: readonly R[]): void {
    this.rows = [...rows];
    this.clearRendered();
    this.active = { row: 0, col: 0 };
    this.element.scrollTop = 0;
    this.syncCount();
    this.renderWindow();
  }

  appendRows(rows: readonly R[]): void {
    for (const r of rows) this.rows.push(r);
    this.syncCount();
    this.renderWindow();
  }

  /** Renders the given columns again in the rendered rows (e.g. after a unit change); the rest render fresh when scrolled to. */
  refreshColumns(ids: readonly string[]): void {
    const indexes = ids.map(id => this.o.columns.findIndex(c => c.id === id)).filter(i => i >= 0);
    for (const [index, tr] of this.rendered) {
      const row = this.rows[index];
      for (const i of indexes) {
        const cell = tr.cells[i];
        const column = this.o.columns[i];
        // In place when the column can (only text changes), else rendered again.
        if (column.update) column.update(row, cell);
        else {
          cell.replaceChildren();
          column.render(row, cell);
        }
      }
    }
  }

  /** Moves the focus to a row (the active column), scrolling it into view, e.g. back from the detail. */
  focusRow(index: number): void {
    if (index < 0 || index >= this.rows.length) return;
    this.move(index, this.active.col);
  }

  /** The range of rendered rows, for tests and the bench. */
  get renderedRange(): { readonly first: number; readonly count: number } {
    return { first: this.first, count: this.rendered.size };
  }

  // ---- the window of rendered rows -------------------------------------------------------------

  /** Renders the rows the scroll position shows (and OVERSCAN either side); drops the others. */
  private renderWindow(): void {
    const [from, to] = this.windowFor(this.element.scrollTop);
    this.renderRange(from, to);
  }

  private windowFor(scrollTop: number): [number, number] {
    const n = this.rows.length;
    // The box shrinks while its rows are replaced: the window's height bounds what it can show.
    const view = Math.max(this.element.clientHeight, window.innerHeight);
    const height = this.measuredRowHeight();
    if (view === 0 || height === 0) return [0, Math.min(n, UNMEASURED_WINDOW)];
    const top = Math.max(0, scrollTop - this.headerHeight());
    const from = Math.max(0, Math.floor(top / height) - OVERSCAN);
    const to = Math.min(n, Math.ceil((top + view) / height) + OVERSCAN);
    return [Math.min(from, to), to];
  }

  private renderRange(from: number, to: number): void {
    const hadFocus = this.table.contains(document.activeElement) && document.activeElement !== this.table;
    for (const [index, tr] of this.rendered) {
      if (index < from || index >= to) {
        tr.remove();
        this.rendered.delete(index);
      }
    }
    // The rows kept are contiguous: new rows above them go before, the others after.
    const keptFirst = this.rendered.size > 0 ? Math.min(...this.rendered.keys()) : Infinity;
    const firstKept = this.rendered.get(keptFirst) ?? null;
    const before = document.createDocumentFragment();
    const after = document.createDocumentFragment();
    for (let i = from; i < to; i++) {
      if (this.rendered.has(i)) continue;
      const tr = this.renderRow(this.rows[i], i);
      this.rendered.set(i, tr);
      (i < keptFirst ? before : after).appendChild(tr);
    }
    if (firstKept) this.body.insertBefore(before, firstKept);
    else this.body.insertBefore(before, this.bottomSpacerOrNull());
    this.body.insertBefore(after, this.bottomSpacerOrNull());
    const height = this.measuredRowHeight() || FALLBACK_ROW_HEIGHT;
    this.first = from;
    this.setSpacer(this.topSpacer, from * height, true);
    this.setSpacer(this.bottomSpacer, (this.rows.length - to) * height, false);
    if (this.rowHeight === 0 && this.rendered.size > 0) this.renderWindowOnceMeasured();
    this.syncTabStop(hadFocus);
  }

  /** After the first rows exist, their height gives the true window: render it once. */
  private renderWindowOnceMeasured(): void {
    if (this.measuredRowHeight() === 0) return;
    const [from, to] = this.windowFor(this.element.scrollTop);
    if (from !== this.first || to !== this.first + this.rendered.size) this.renderRange(from, to);
  }

  /**
   * The stylesheet lays rows out on one or two lines by the grid's width: when the width changes,
   * the row and header heights are measured again and the window follows.
   */
  private observeWidth(): void {
    if (typeof ResizeObserver === 'undefined') return;
    let width = -1;
    new ResizeObserver(entries => {
      const w = Math.round(entries[entries.length - 1].contentRect.width);
      if (w === width) return;
      const measured = width >= 0;
      width = w;
      if (!measured) return;
      this.rowHeight = 0;
      this.headHeight = 0;
      this.renderWindow();
    }).observe(this.element);
  }

  private headerHeight(): number {
    if (this.headHeight === 0) this.headHeight = this.head.offsetHeight;
    return this.headHeight;
  }

  private measuredRowHeight(): number {
    if (this.rowHeight > 0) return this.rowHeight;
    const sample = this.rendered.values().next().value;
    const h = sample ? sample.getBoundingClientRect().height : 0;
    if (h > 0) this.rowHeight = h;
    return this.rowHeight;
  }

  private bottomSpacerOrNull(): HTMLTableRowElement | null {
    return this.bottomSpacer.parentElement === this.body ? this.bottomSpacer : null;
  }

  /** A spacer stands for rows not rendered; it is in the table only while it has height. */
  private setSpacer(spacer: HTMLTableRowElement, px: number, top: boolean): void {
    if (px <= 0) {
      spacer.remove();
      return;
    }
    spacer.style.height = `${px}px`;
    if (spacer.parentElement !== this.body) {
      if (top) this.body.insertBefore(spacer, this.body.firstChild);
      else this.body.appendChild(spacer);
    }
  }

  private clearRendered(): void {
    this.body.replaceChildren();
    this.rendered.clear();
    this.first = 0;
  }

  private syncCount(): void {
    this.table.setAttribute('aria-rowcount', String(this.rows.length + 1));
  }

  /** The active cell is the tab stop; when it is scrolled out, the table is, so Tab still reaches the grid. */
  private syncTabStop(hadFocus: boolean): void {
    const cell = this.cell(this.active.row, this.active.col);
    if (cell) cell.setAttribute('tabindex', '0');
    this.table.tabIndex = cell || this.rows.length === 0 ? -1 : 0;
    // The focused cell was scrolled out of the DOM: keep the focus in the grid for the keys.
    if (hadFocus && !this.table.contains(document.activeElement)) this.table.focus({ preventScroll: true });
  }

  private renderRow(row: R, index: number): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.setAttribute('role', 'row');
    tr.setAttribute('aria-rowindex', String(index + 2));
    tr.dataset['index'] = String(index);
    if (this.o.rowLabel) tr.setAttribute('aria-label', this.o.rowLabel(row));
    for (const c of this.o.columns) {
      const td = document.createElement('td');
      td.setAttribute('role', 'gridcell');
      td.tabIndex = -1;
      td.className = c.numeric ? `col-${c.id} num` : `col-${c.id}`;
      c.render(row, td);
      tr.appendChild(td);
    }
    if (index === this.active.row) tr.cells[this.active.col]?.setAttribute('tabindex', '0');
    return tr;
  }

  // ---- focus and keys --------------------------------------------------------------------------

  private cell(row: number, col: number): HTMLTableCellElement | undefined {
    return this.rendered.get(row)?.cells[col];
  }

  private positionOf(target: EventTarget | null): { row: number; col: number } | undefined {
    if (!(target instanceof Element)) return undefined;
    const td = target.closest('td');
    const tr = td?.parentElement;
    if (!td || !(tr instanceof HTMLTableRowElement) || tr.parentElement !== this.body) return undefined;
    const index = Number(tr.dataset['index']);
    return Number.isInteger(index) ? { row: index, col: td.cellIndex } : undefined;
  }

  /** Scrolls just enough to show a row under the sticky header. */
  private scrollToRow(row: number): void {
    const height = this.measuredRowHeight();
    if (height === 0) return;
    const header = this.headerHeight();
    const top = header + row * height;
    const view = this.element.clientHeight;
    if (top - header < this.element.scrollTop) this.element.scrollTop = top - header;
    else if (top + height > this.element.scrollTop + view) this.element.scrollTop = top + height - view;
    this.renderWindow();
  }

  /** Whether a column is laid out (the stylesheet hides some at narrow widths). */
  private shown(col: number): boolean {
    const th = this.headCells[col];
    return th !== undefined && th.getClientRects().length > 0;
  }

  /** The nearest shown column from `col` going `step` (then the other way), else `col`. */
  private shownColumn(col: number, step: 1 | -1): number {
    const last = this.o.columns.length - 1;
    const start = Math.max(0, Math.min(last, col));
    for (const dir of [step, -step]) {
      for (let c = start; c >= 0 && c <= last; c += dir) if (this.shown(c)) return c;
    }
    return start;
  }

  private move(row: number, col: number, step: 1 | -1 = 1): void {
    if (this.rows.length === 0) return;
    const r = Math.max(0, Math.min(this.rows.length - 1, row));
    const c = this.shownColumn(col, step);
    this.cell(this.active.row, this.active.col)?.setAttribute('tabindex', '-1');
    this.active = { row: r, col: c };
    if (!this.rendered.has(r)) this.renderRange(...this.windowAround(r));
    this.scrollToRow(r);
    const next = this.cell(r, c);
    if (!next) return;
    next.setAttribute('tabindex', '0');
    this.table.tabIndex = -1;
    next.focus({ preventScroll: true });
  }

  /** A window with `row` in it, before the scroll position has caught up. */
  private windowAround(row: number): [number, number] {
    const span = Math.max(this.rendered.size, UNMEASURED_WINDOW);
    const from = Math.max(0, row - Math.floor(span / 2));
    return [from, Math.min(this.rows.length, from + span)];
  }

  private activate(row: number): void {
    const r = this.rows[row];
    if (r !== undefined) this.o.onActivate(r, row);
  }

  private onKey(e: KeyboardEvent): void {
    const { row, col } = this.active;
    const last = this.o.columns.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        this.move(row + 1, col);
        break;
      case 'ArrowUp':
        this.move(row - 1, col);
        break;
      case 'ArrowRight':
        this.move(row, this.shownColumn(col + 1, 1) > col ? col + 1 : col);
        break;
      case 'ArrowLeft':
        // From the first shown column, stay there rather than jump right past the hidden ones.
        this.move(row, this.shownColumn(col - 1, -1) < col ? col - 1 : col, -1);
        break;
      case 'Home':
        this.move(e.ctrlKey ? 0 : row, 0);
        break;
      case 'End':
        this.move(e.ctrlKey ? this.rows.length - 1 : row, last, -1);
        break;
      case 'PageDown':
        this.move(row + PAGE, col);
        break;
      case 'PageUp':
        this.move(row - PAGE, col);
        break;
      case 'Enter':
      case ' ':
        this.activate(row);
        break;
      default:
        return;
    }
    e.preventDefault();
  }
}

/**
 * A row standing for the rows not rendered: one cell, in the first column. A span would keep the
 * columns the stylesheet hides (or add columns of its own), and a fixed layout gives each a share
 * of the width.
 */
function spacerRow(): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.className = 'spacer';
  tr.setAttribute('aria-hidden', 'true');
  tr.appendChild(document.createElement('td'));
  return tr;
}
