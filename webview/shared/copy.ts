// The one copy control of every panel: an icon button named "Copy <label>" and an inline "Copied"
// that fades. The page never writes the clipboard itself: it asks its host (the `copy` action of
// its protocol), and says "Copied" only when the host answers that the clipboard took the text, so
// the word is never shown for a copy that did not happen.
import { h } from './dom';
import type { CopyRequest } from './hostCopier';

export { hostCopier, type CopyRequest, type HostCopier } from './hostCopier';

export interface CopyControlOptions {
  /** What is copied, in words: the button's accessible name and tooltip are "Copy <label>". */
  readonly label: string;
  /** The exact text put on the clipboard. */
  readonly text: string;
  readonly copy: CopyRequest;
}

/** How long "Copied" stays (its fade is the last part, in CSS). */
const SHOWN_MS = 1800;

/** `<span class="copy-control"><button …><svg/></button><span role="status"/></span>`. */
export function copyControl(o: CopyControlOptions): HTMLElement {
  const status = h('span', { class: 'copy-status', attrs: { role: 'status', 'aria-live': 'polite' } });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const say = (word: string, failed: boolean): void => {
    clearTimeout(timer);
    status.textContent = word;
    status.classList.toggle('copy-failed', failed);
    // Restarts the fade when the same value is copied twice in a row.
    status.classList.remove('copy-shown');
    void status.offsetWidth;
    status.classList.add('copy-shown');
    timer = setTimeout(() => {
      status.textContent = '';
      status.classList.remove('copy-shown');
    }, SHOWN_MS);
  };
  const name = `Copy ${o.label}`;
  const button = h(
    'button',
    {
      class: 'copy-button',
      title: name,
      attrs: { type: 'button', 'aria-label': name },
      on: {
        click: e => {
          e.preventDefault();
          e.stopPropagation();
          void o.copy(o.text).then(ok => say(ok ? 'Copied' : 'Not copied', !ok));
        },
      },
    },
    copyIcon(),
  );
  return h('span', { class: 'copy-control' }, button, status);
}

/** Two overlapping sheets, drawn in the text colour (the codicon `copy` shape), hidden from readers. */
function copyIcon(): SVGSVGElement {
  return lineIcon([
    ['rect', { x: '5.5', y: '5.5', width: '8', height: '9', rx: '1' }],
    ['path', { d: 'M3.5 10.5h-1v-9h8v2' }],
  ]);
}

const SVG = 'http://www.w3.org/2000/svg';

/**
 * A 14 px icon of outlined shapes drawn in the text colour (as codicons are), hidden from readers:
 * the control's word says what it does.
 */
export function lineIcon(shapes: readonly (readonly [string, Readonly<Record<string, string>>])[]): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({ viewBox: '0 0 16 16', width: '14', height: '14', 'aria-hidden': 'true' }))
    svg.setAttribute(k, v);
  svg.setAttribute('focusable', 'false');
  for (const [tag, attrs] of shapes) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries({ fill: 'none', stroke: 'currentColor', ...attrs })) el.setAttribute(k, v);
    svg.appendChild(el);
  }
  return svg;
}
