// A data grid over a native table: it renders 100 rows well inside a frame, where a custom
// element per cell (the toolkit's grid) costs several. Keyboard: one cell is in the tab order
// (roving tabindex); arrows, Home/End, Ctrl+Home/End and PageUp/PageDown move, Enter or Space
// opens the row. Cells are filled by the columns' render functions with text nodes only.

export interface Column<R> {
  readonly id: string;
  readonly header: string;
  /** Right-aligned, tabular digits. */
  readonly numeric?: boolean;
  /**
   * The column's width (CSS length). The grid lays out with fixed widths, so a changed cell does
   * not make the browser measure every other row again.
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

export class DataGrid<R> {
  readonly element: HTMLTableElement;
  private readonly body: HTMLTableSectionElement;
  private rows: R[] = [];
  private active = { row: 0, col: 0 };

  constructor(private readonly o: DataGridOptions<R>) {
    this.element = document.createElement('table');
    this.element.className = 'grid';
    this.element.setAttribute('role', 'grid');
    this.element.setAttribute('aria-label', o.label);
    const cols = document.createElement('colgroup');
    for (const c of o.columns) {
      const col = document.createElement('col');
      col.style.width = c.width;
      cols.appendChild(col);
    }
    this.element.appendChild(cols);
    const head = this.element.createTHead();
    const tr = head.insertRow();
    for (const c of o.columns) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = c.header;
      if (c.numeric) th.className = 'num';
      tr.appendChild(th);
    }
    this.body = this.element.createTBody();
    this.body.addEventListener('keydown', e => this.onKey(e));
    this.body.addEventListener('click', e => {
      const pos = this.positionOf(e.target);
      if (!pos) return;
      // A click on a link or button inside a cell is that control's, not the row's.
      if (e.target instanceof Element && e.target.closest('a,button,vscode-button')) return;
      this.move(pos.row, pos.col);
      this.activate(pos.row);
    });
  }

  get rowCount(): number {
    return this.rows.length;
  }

  rowAt(index: number): R | undefined {
    return this.rows[index];
  }

  setRows(rows: readonly R[]): void {
    this.rows = [];
    this.body.replaceChildren();
    this.active = { row: 0, col: 0 };
    this.appendRows(rows);
  }

  appendRows(rows: readonly R[]): void {
    const fragment = document.createDocumentFragment();
    const first = this.rows.length;
    for (let i = 0; i < rows.length; i++) fragment.appendChild(this.renderRow(rows[i], first + i));
    this.rows.push(...rows);
    this.body.appendChild(fragment);
    this.cell(this.active.row, this.active.col)?.setAttribute('tabindex', '0');
  }

  /** Renders the given columns again in every row (e.g. after a unit change). */
  refreshColumns(ids: readonly string[]): void {
    const indexes = ids.map(id => this.o.columns.findIndex(c => c.id === id)).filter(i => i >= 0);
    const trs = this.body.rows;
    for (let r = 0; r < trs.length; r++) {
      const row = this.rows[r];
      const tr = trs[r];
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

  /** Moves the focus to a row (first cell), e.g. back from the detail. */
  focusRow(index: number): void {
    if (index < 0 || index >= this.rows.length) return;
    this.move(index, this.active.col);
  }

  private renderRow(row: R, index: number): HTMLTableRowElement {
    const tr = document.createElement('tr');
    tr.setAttribute('aria-rowindex', String(index + 2));
    if (this.o.rowLabel) tr.setAttribute('aria-label', this.o.rowLabel(row));
    for (const c of this.o.columns) {
      const td = document.createElement('td');
      td.tabIndex = -1;
      if (c.numeric) td.className = 'num';
      c.render(row, td);
      tr.appendChild(td);
    }
    return tr;
  }

  private cell(row: number, col: number): HTMLTableCellElement | undefined {
    return this.body.rows[row]?.cells[col];
  }

  private positionOf(target: EventTarget | null): { row: number; col: number } | undefined {
    if (!(target instanceof Element)) return undefined;
    const td = target.closest('td');
    const tr = td?.parentElement;
    if (!td || !(tr instanceof HTMLTableRowElement) || tr.parentElement !== this.body) return undefined;
    return { row: tr.sectionRowIndex, col: td.cellIndex };
  }

  private move(row: number, col: number): void {
    const r = Math.max(0, Math.min(this.rows.length - 1, row));
    const c = Math.max(0, Math.min(this.o.columns.length - 1, col));
    this.cell(this.active.row, this.active.col)?.setAttribute('tabindex', '-1');
    this.active = { row: r, col: c };
    const next = this.cell(r, c);
    if (!next) return;
    next.setAttribute('tabindex', '0');
    next.focus();
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
        this.move(row, col + 1);
        break;
      case 'ArrowLeft':
        this.move(row, col - 1);
        break;
      case 'Home':
        this.move(e.ctrlKey ? 0 : row, 0);
        break;
      case 'End':
        this.move(e.ctrlKey ? this.rows.length - 1 : row, last);
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
