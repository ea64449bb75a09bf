// The detail page's ages (`5 min ago` beside every time): said again every 15 s while the page is
// visible, stopped while it is hidden, and said at once when it is shown again. The page and the
// timers are injected (render.ts passes the document and the global timers) so tests drive them
// with a manual clock and fake elements.
import { relativeAge } from '../../src/present/time';
import { VisibleInterval, type IntervalHost } from '../../src/util/visibleInterval';

/** How often the page says its ages again: the finest age it shows below two minutes is seconds. */
export const DETAIL_AGE_REFRESH_MS = 15_000;

/** An element that shows an age: its `data-at` (ms since the epoch) and its text. */
export interface AgeElement {
  readonly dataset: { readonly [key: string]: string | undefined };
  textContent: string | null;
}

/** What the refresher reads of the page. */
export interface AgePage {
  /** Every element showing an age (`.age[data-at]`). */
  ages(): Iterable<AgeElement>;
  visible(): boolean;
  onVisibilityChange(listener: () => void): void;
}

/** `5 min ago` for a time in ms since the epoch, or nothing when it has no age. */
export function ageOf(at: number, now = Date.now()): string {
  return relativeAge(at, now) ?? '';
}

/** Says every age on the page again, as of `now`. */
export function refreshAges(page: Pick<AgePage, 'ages'>, now = Date.now()): void {
  for (const el of page.ages()) {
    const at = Number(el.dataset['at']);
    if (Number.isFinite(at)) el.textContent = ageOf(at, now);
  }
}

/** Starts the refresher; it follows the page's visibility from then on. */
export function startAgeRefresh(page: AgePage, host?: IntervalHost, now: () => number = Date.now): VisibleInterval {
  const timer = new VisibleInterval(() => refreshAges(page, now()), DETAIL_AGE_REFRESH_MS, host);
  timer.setVisible(page.visible());
  page.onVisibilityChange(() => timer.setVisible(page.visible(), true));
  return timer;
}
