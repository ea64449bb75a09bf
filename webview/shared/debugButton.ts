// The call trace's "Debug" button: an icon and the word, named "Debug transaction" for a screen
// reader, a native button (Tab reaches it, Enter and Space press it). It only tells the page's
// owner; the page names no transaction: the host knows which one the trace is of.
import { lineIcon } from './copy';
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

/** A start (play) triangle drawn in the text colour, as the copy icon is. */
function debugIcon(): SVGSVGElement {
  return lineIcon([['path', { d: 'M3.5 2.5v11l9-5.5z', 'stroke-linejoin': 'round' }]]);
}
