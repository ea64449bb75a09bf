// Whether the contract results grid fits its pane: read in the page (the bench's Chromium and the
// e2e run's webview), for each essential column, its header and every rendered cell in view must
// be laid out, inside the grid's visible box (not scrolled or pushed off to the side), and either
// whole (scrollWidth ≤ clientWidth) or cut with an ellipsis whose tooltip holds the whole value.

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
  /** Cut with an ellipsis and a tooltip holding the whole value (allowed). */
  readonly ellipsized: number;
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
  readonly title: string;
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
      ellipsized: 0,
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
  let ellipsized = 0;
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
      if (cell.scrollWidth <= cell.clientWidth) continue;
      // Cut: allowed only with an ellipsis and the whole value (what the cell says, icons aside) as tooltip.
      const copy = cell.cloneNode(true);
      for (const hidden of Array.from(copy.querySelectorAll('[aria-hidden="true"]'))) hidden.remove();
      const text = norm(copy.textContent ?? '');
      const title = norm(cell.title);
      // A value shown cut in its middle (`0x5859…0d`) is whole in the tooltip when each part is, in order.
      let at = 0;
      const whole =
        title !== '' &&
        text.split('…').every(part => {
          const found = title.indexOf(part.trim(), at);
          at = found + part.trim().length;
          return found >= 0;
        });
      if (win.getComputedStyle(cell).textOverflow === 'ellipsis' && whole) ellipsized++;
      else
        problems.push(
          `${where} "${text}" cut (${cell.scrollWidth} > ${cell.clientWidth} px) without the whole value as tooltip`,
        );
    }
  }
  return {
    gridWidth: Math.round(right - left),
    windowWidth: win.innerWidth,
    shownColumns,
    checked,
    ellipsized,
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

/**
 * The grid's fit at each window width, in weibars (the longest amounts), at VS Code's default font
 * size; with `shots`, a picture of each width with the first row's detail open (beside the grid
 * where the pane is wide, below it where it is narrow). Restores the window and the unit after.
 */
export async function fitAtWidths(
  page: FitPage,
  widths: readonly number[],
  shots?: string,
): Promise<Array<GridFit & { readonly width: number; readonly detailOpen: boolean }>> {
  const before = page.viewportSize() ?? { width: 1400, height: 900 };
  await page.evaluate(`(() => {
    document.body.style.fontSize = '13px';
    document.getElementById('unit-weibar').click();
    const box = document.querySelector('.grid-wrap');
    box.scrollTop = 0;
    box.dispatchEvent(new Event('scroll'));
  })()`);
  const out: Array<GridFit & { readonly width: number; readonly detailOpen: boolean }> = [];
  const read = async () =>
    (await page.evaluate(
      `(${readGridFit.toString()})(document.body, ${JSON.stringify(ESSENTIAL_COLUMNS)})`,
    )) as GridFit;
  try {
    for (const width of widths) {
      await page.setViewportSize({ width, height: before.height });
      await page.evaluate('new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))');
      out.push({ ...(await read()), width, detailOpen: false });
      // Again with a row's detail open: beside the grid in a wide pane, the grid narrower.
      await page.evaluate(`(() => {
        document.querySelector('table.grid tbody tr[aria-rowindex="2"] td').click();
        return new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
      })()`);
      out.push({ ...(await read()), width, detailOpen: true });
      if (shots) await page.screenshot({ path: `${shots}/grid-${width}.png` });
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
