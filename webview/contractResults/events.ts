// The "Events" of a contract result's detail: the logs the host fetched when the row was opened,
// each decoded (the event's name, then each argument with its type and whether it was indexed) or
// raw (its topics and data, with the reason). Loading and failure are said in place; every value
// is plain text from the host, written as text.
import { button } from '../components/toolkit';
import type { ContractResultDetailText, DecodedEventText } from '../protocol';
import { h, type Child } from '../shared/dom';

function eventItem(e: DecodedEventText): HTMLElement {
  const from = e.address
    ? h('div', { class: 'also' }, `emitted by ${e.address}${e.addressId ? ` = ${e.addressId}` : ''}`)
    : null;
  if (e.name === null) {
    return h(
      'li',
      { class: 'event raw', attrs: { 'data-event': '' } },
      h('div', { class: 'event-head' }, h('span', { class: 'none' }, e.summary)),
      from,
      h(
        'ol',
        { class: 'words', attrs: { start: '0', 'aria-label': 'topics' } },
        ...e.topics.map(t => h('li', {}, h('code', { class: 'hex' }, t))),
      ),
      h('div', {}, 'data ', h('code', { class: 'hex' }, e.data ?? '0x')),
    );
  }
  return h(
    'li',
    { class: 'event', attrs: { 'data-event': e.name } },
    h('div', { class: 'event-head' }, h('strong', { class: 'event-name' }, e.name), ' ', h('code', {}, e.summary)),
    from,
    e.args.length > 0
      ? h(
          'table',
          { class: 'event-args' },
          h('thead', {}, h('tr', {}, h('th', {}, 'argument'), h('th', {}, 'type'), h('th', {}, 'value'))),
          h(
            'tbody',
            {},
            ...e.args.map(a =>
              h(
                'tr',
                {},
                h('td', {}, a.name),
                h('td', {}, h('code', {}, a.type), a.indexed ? h('span', { class: 'also' }, ' indexed') : null),
                h('td', {}, h('code', { class: 'hex' }, a.value)),
              ),
            ),
          ),
        )
      : null,
    e.contract ? h('div', { class: 'also' }, `decoded with ${e.contract}`) : null,
  );
}

/** The events field's content for the detail's state (undefined: not asked yet). */
export function eventsValue(detail: ContractResultDetailText | undefined, retry: () => void): Child {
  if (!detail || detail.status === 'loading')
    return h('span', { class: 'none', attrs: { role: 'status' } }, 'Loading the logs…');
  if (detail.status === 'failed')
    return h(
      'div',
      { attrs: { role: 'alert' } },
      h('span', {}, `The logs could not be read: ${detail.message} `),
      button({ label: 'Retry', appearance: 'secondary', title: 'Fetch the logs again', onClick: retry }).element,
    );
  if (detail.events.length === 0) return h('span', { class: 'none' }, 'No logs.');
  return h(
    'ol',
    { class: 'events', attrs: { start: '0', 'aria-label': `${detail.events.length} logs` } },
    ...detail.events.map(eventItem),
  );
}
