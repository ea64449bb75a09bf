// The call trace's "Debug" button: an icon and the word, named "Debug transaction" for a screen
// reader, a native button (Tab reaches it, Enter and Space press it). It only tells the page's
// owner; the page names no transaction: the host knows which one the trace is of.
import { h } from './dom';

/** The button's accessible name and tooltip: the visible word starts it (what is seen is what is said). */
export const DEBUG_LABEL = 'Debug transaction';

/** `<button class="trace-debug"><svg/>Debug</button>`: `debug` runs on a click or a key press. */
export function debugButton(debug: () => void): HTMLButtonElement {
  return h(
    'button',
    {
      class: 'trace-debug',
      title: `${DEBUG_LABEL}: step through its execution`,
      attrs: { type: 'button', 'aria-label': DEBUG_LABEL, 'data-action': 'debug' },
      on: {
        click: e => {
          e.preventDefault();
          e.stopPropagation();
          debug();
        },
      },
    },
    debugIcon(),
    h('span', { class: 'trace-debug-word' }, 'Debug'),
  );
}

const SVG = 'http://www.w3.org/2000/svg';

/** A start (play) triangle drawn in the text colour, as the copy icon is; hidden from readers (the word says it). */
function debugIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  for (const [k, v] of Object.entries({ viewBox: '0 0 16 16', width: '14', height: '14', 'aria-hidden': 'true' }))
    svg.setAttribute(k, v);
  svg.setAttribute('focusable', 'false');
  const shape = (tag: string, attrs: Record<string, string>): void => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries({ fill: 'none', stroke: 'currentColor', ...attrs })) el.setAttribute(k, v);
    svg.appendChild(el);
  };
  shape('path', { d: 'M3.5 2.5v11l9-5.5z', 'stroke-linejoin': 'round' });
  return svg;
}
