// Whether the contract results grid fits its pane: read in the page (the bench's Chromium and the
// e2e run's webview), for each essential column, its header and every rendered cell in view must
// be laid out, inside the grid's visible box (not scrolled or pushed off to the side), and whole:
// a cell whose text is cut (wider than its box, so the ellipsis shows) fails, tooltip or not. The
// tooltip is a fallback for values beyond what the layout is made for, not a way to fit.

/** The columns a user must always see, whatever the pane's width. */
export const ESSENTIAL_COLUMNS = ['timestamp', 'from', 'to', 'result', 'amount'] as const;

export interface GridFit {
  /** The grid's visible width in CSS px, and the window's. */
  readonly gridWidth: number;
  readonly windowWidth: number;
  /** The columns shown, in order (by their `col-<id>` class), with their widths in px. */
  readonly shownColumns: readonly string[];
  /** Cells checked (headers included). */
  readonly checked: number;
  /** Cells cut (each is also a problem), with an ellipsis or not. */
  readonly cut: number;
  /** What is wrong, one line per cell; empty when everything fits. */
  readonly problems: readonly string[];
}

// The page's DOM as this function sees it (the test programs have no DOM library).
interface FitEl {
  querySelector(s: string): FitEl | null;
  querySelectorAll(s: string): ArrayLike<FitEl>;
  getBoundingClientRect(): { left: number; right: number; top: number; bottom: number; width: number };
  cloneNode(deep: boolean): FitEl;
  remove(): void;
  getAttribute(name: string): string | null;
  readonly className: string;
  readonly textContent: string | null;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly clientHeight: number;
  readonly ownerDocument: { readonly defaultView: FitWindow };
}
interface FitWindow {
  readonly innerWidth: number;
  getComputedStyle(el: FitEl): { textOverflow: string; display: string };
}

/**
 * Runs in the page (serialised by Playwright: it uses nothing from outside its body). `root` is
 * any element of the panel's document.
 */
export function readGridFit(root: unknown, columns: readonly string[]): GridFit {
  const doc = (root as FitEl).ownerDocument as unknown as FitEl & { defaultView: FitWindow };
  const win = (root as FitEl).ownerDocument.defaultView;
  const wrap = doc.querySelector('.grid-wrap');
  const problems: string[] = [];
  if (!wrap)
    return {
      gridWidth: 0,
      windowWidth: win.innerWidth,
      shownColumns: [],
      checked: 0,
      cut: 0,
      problems: ['no grid'],
    };
  const box = wrap.getBoundingClientRect();
  // The visible part of the grid's box: its client area (without a scroll bar), within the window.
  const left = Math.max(0, box.left);
  const right = Math.min(win.innerWidth, box.left + wrap.clientWidth);
  const bottom = box.top + wrap.clientHeight;
  const norm = (t: string) => t.replace(/\s+/g, ' ').trim();
  const shownColumns = Array.from(doc.querySelectorAll('table.grid thead th'))
    .filter(th => th.getBoundingClientRect().width > 0)
    .map(th => `${(/col-(\S+)/.exec(th.className) ?? ['', '?'])[1]} ${Math.round(th.getBoundingClientRect().width)}`);
  let checked = 0;
  let cut = 0;
  for (const id of columns) {
    const cells = Array.from(doc.querySelectorAll(`table.grid .col-${id}`)).filter(c => {
      const r = c.getBoundingClientRect();
      // Rows scrolled out of the box vertically are not the question here.
      return r.top < bottom && r.bottom > box.top;
    });
    if (cells.length === 0) problems.push(`${id}: no header or cell in view`);
    for (const cell of cells) {
      checked++;
      const r = cell.getBoundingClientRect();
      const where = `${id} ${cell.getAttribute('scope') ? 'header' : 'cell'}`;
      if (r.width === 0 || win.getComputedStyle(cell).display === 'none') {
        problems.push(`${where} hidden`);
        continue;
      }
      if (r.left < left - 0.5 || r.right > right + 0.5)
        problems.push(
          `${where} at ${Math.round(r.left)}–${Math.round(r.right)} px, outside the grid's ${Math.round(left)}–${Math.round(right)} px`,
        );
      // Cut, in the cell or in an element inside it (a value span with its own box).
      const boxes = [cell, ...Array.from(cell.querySelectorAll('*'))];
      const over = boxes.find(el => el.scrollWidth > el.clientWidth && el.clientWidth > 0);
      if (!over && cell.scrollWidth <= cell.clientWidth) continue;
      cut++;
      const copy = cell.cloneNode(true);
      for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
      const shown = norm(copy.textContent ?? '');
      const el = over ?? cell;
      const how = win.getComputedStyle(el).textOverflow === 'ellipsis' ? 'with an ellipsis' : 'clipped';
      problems.push(`${where} "${shown}" cut ${how} (${el.scrollWidth} > ${el.clientWidth} px)`);
    }
  }
  return {
    gridWidth: Math.round(right - left),
    windowWidth: win.innerWidth,
    shownColumns,
    checked,
    cut,
    problems,
  };
}

/** What fitAtWidths needs of a Playwright page. */
export interface FitPage {
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  viewportSize(): { width: number; height: number } | null;
  evaluate(expression: string): Promise<unknown>;
  screenshot(options: { path: string }): Promise<unknown>;
}

export type FitResult = GridFit & {
  readonly width: number;
  readonly detailOpen: boolean;
  readonly unit: 'tinybar' | 'weibar';
};

/**
 * The grid's fit at each window width, in a unit (the panel's default, tinybar, unless told), at
 * VS Code's default font size; with `shots`, a picture of each width with the first row's detail
 * open (beside the grid where the pane is wide, below it where it is narrow). Restores the window
 * and the unit after.
 */
export async function fitAtWidths(
  page: FitPage,
  widths: readonly number[],
  shots?: string,
  unit: 'tinybar' | 'weibar' = 'tinybar',
): Promise<FitResult[]> {
  const before = page.viewportSize() ?? { width: 1400, height: 900 };
  await page.evaluate(`(() => {
    document.body.style.fontSize = '13px';
    document.getElementById('unit-${unit}').click();
    const box = document.querySelector('.grid-wrap');
    box.scrollTop = 0;
    box.dispatchEvent(new Event('scroll'));
  })()`);
  const out: FitResult[] = [];
  const read = async () =>
    (await page.evaluate(
      `(${readGridFit.toString()})(document.body, ${JSON.stringify(ESSENTIAL_COLUMNS)})`,
    )) as GridFit;
  try {
    for (const width of widths) {
      await page.setViewportSize({ width, height: before.height });
      await page.evaluate('new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))');
      out.push({ ...(await read()), width, detailOpen: false, unit });
      // Again with a row's detail open: beside the grid in a wide pane, the grid narrower.
      await page.evaluate(`(() => {
        document.querySelector('table.grid tbody tr[aria-rowindex="2"] td').click();
        return new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
      })()`);
      out.push({ ...(await read()), width, detailOpen: true, unit });
      if (shots) await page.screenshot({ path: `${shots}/grid-${width}-${unit}.png` });
      await page.evaluate(`document.querySelector('#detail #close-detail')?.click()`);
    }
  } finally {
    await page.setViewportSize(before);
    await page.evaluate(
      `(() => { document.body.style.fontSize = ''; document.getElementById('unit-tinybar').click(); })()`,
    );
  }
  return out;
}
