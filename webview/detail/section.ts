// One record of a detail panel (a transaction, a block), laid out from what the host formatted:
// its summary first, the sections drawn inside it (a decoded call and its events), the body, the
// tables, the empty tables on one line, and the rows that rarely matter in a collapsed "More".
// Every value is a text node; links and buttons only post an action back.
import type { DetailAction, DetailButton, DetailCell, DetailField, DetailSection, DetailTable } from '../protocol';
import { button } from '../components/toolkit';
import { h } from '../shared/dom';
import { copyControl, type CopyRequest } from '../shared/copy';
import { renderTrace, type TraceMemory } from '../shared/trace';
import { ageOf } from './ages';

export interface SectionContext {
  readonly act: (a: DetailAction) => void;
  readonly copy: CopyRequest;
  /** The ids of the sections whose "More" group is open: kept across the views of one page. */
  readonly moreOpen: Set<string>;
  /** Per section id, the rows of its call trace the user opened: kept across the views of one page. */
  readonly traces: Map<string, TraceMemory>;
}

/** A record, with the sections drawn inside it (`within` its id) right after its summary. */
export function renderSection(s: DetailSection, inner: readonly DetailSection[], c: SectionContext): HTMLElement {
  const summary = s.fields.filter(f => f.place === 'summary');
  const body = s.fields.filter(f => f.place === undefined);
  const more = s.fields.filter(f => f.place === 'more');
  const full = s.tables.filter(t => t.rows.length > 0);
  const empty = s.tables.filter(t => t.rows.length === 0);
  return h(
    'section',
    { class: 'record', id: s.id, attrs: { 'aria-label': s.title } },
    h(
      'div',
      { class: 'record-head' },
      h('h3', {}, s.title),
      s.badge ? h('span', { class: 'badge' }, s.badge) : null,
      h('div', { class: 'actions' }, ...s.buttons.map(b => actionButton(b, c.act))),
    ),
    summary.length > 0 ? fieldList(summary, c, 'fields summary-fields') : null,
    ...inner.map(x => renderInner(x, c)),
    body.length > 0 ? fieldList(body, c, 'fields') : null,
    ...full.map(t => renderTable(t, c.act)),
    s.trace ? traceOf(s, c) : null,
    // Empty tables say so on one line rather than a heading each.
    empty.length > 0 ? h('p', { class: 'empty empty-tables' }, empty.map(t => t.empty).join(' ')) : null,
    more.length > 0 ? moreGroup(s.id, more, c) : null,
  );
}

/** A section drawn inside a record (the decoded call, its events): a titled block, no border. */
function renderInner(s: DetailSection, c: SectionContext): HTMLElement {
  return h(
    'section',
    { class: 'inner', id: s.id, attrs: { 'aria-label': s.title } },
    h('h4', {}, s.title),
    s.fields.length > 0 ? fieldList(s.fields, c, 'fields') : null,
    ...s.tables.map(t => renderTable(t, c.act)),
    s.trace ? traceOf(s, c) : null,
  );
}

/** A section's call trace as a tree; what the user opened in it is kept per section. */
function traceOf(s: DetailSection, c: SectionContext): HTMLElement | null {
  if (!s.trace) return null;
  let memory = c.traces.get(s.id);
  if (!memory) c.traces.set(s.id, (memory = {}));
  return renderTrace(s.trace, {
    openSite: key => c.act({ type: 'openSite', key }),
    copy: c.copy,
    memory,
    label: s.title,
    // Only where the host offers it: the page names nothing, the host knows the transaction.
    ...(s.debug ? { debug: () => c.act({ type: 'debug' }) } : {}),
  });
}

/** The rows that rarely matter, collapsed; opening or closing it is remembered across refreshes. */
function moreGroup(id: string, fields: readonly DetailField[], c: SectionContext): HTMLElement {
  const details = h(
    'details',
    { class: 'more', attrs: { 'data-more': id } },
    h('summary', {}, `More (${fields.length})`),
    fieldList(fields, c, 'fields'),
  );
  details.open = c.moreOpen.has(id);
  details.addEventListener('toggle', () => {
    if (details.open) c.moreOpen.add(id);
    else c.moreOpen.delete(id);
  });
  return details;
}

function fieldList(fields: readonly DetailField[], c: SectionContext, cls: string): HTMLElement {
  return h('dl', { class: cls }, ...fields.flatMap(f => renderField(f, c)));
}

function renderField(f: DetailField, c: SectionContext): HTMLElement[] {
  const value = f.parts
    ? h('span', {}, ...f.parts.map(p => (p.action ? link(p.text, p.action, c.act) : p.text)))
    : f.action
      ? link(f.value, f.action, c.act)
      : f.badge
        ? badge(f)
        : h('span', {}, f.value);
  if (f.mono) value.classList.add('mono');
  if (f.title) value.title = f.title;
  return [
    h('dt', {}, f.label),
    h(
      'dd',
      { attrs: { 'data-field': f.label } },
      value,
      // Spaces between the parts, so that they read (and copy) as words, not one run of text.
      f.at === undefined ? null : ' ',
      f.at === undefined ? null : h('span', { class: 'note age', attrs: { 'data-at': String(f.at) } }, ageOf(f.at)),
      f.copy ? copyControl({ label: f.label || 'value', text: f.copy, copy: c.copy }) : null,
      f.note ? ' ' : null,
      f.note ? h('span', { class: 'note' }, f.note) : null,
    ),
  ];
}

/** A result: an icon and a word, read out as its full code (colour only adds to them). */
function badge(f: DetailField): HTMLElement {
  return h(
    'span',
    {
      class: `result-badge result-${f.badge ?? ''}`,
      attrs: { role: 'img', 'aria-label': `${f.label}: ${f.title ?? f.value}` },
    },
    h('span', { class: 'result-badge-icon', attrs: { 'aria-hidden': 'true' } }, f.badge === 'success' ? '✓' : '✕'),
    ` ${f.value}`,
  );
}

function renderTable(t: DetailTable, act: (a: DetailAction) => void): HTMLElement {
  const caption = h('h4', {}, t.title, h('span', { class: 'count' }, ` (${t.rows.length})`));
  if (t.rows.length === 0) return h('div', { class: 'table' }, caption, h('p', { class: 'empty' }, t.empty));
  return h(
    'div',
    { class: 'table' },
    caption,
    h(
      'table',
      { attrs: { 'aria-label': t.title } },
      h('thead', {}, h('tr', {}, ...t.columns.map(col => h('th', { attrs: { scope: 'col' } }, col)))),
      h('tbody', {}, ...t.rows.map(r => h('tr', {}, ...r.map(cell => renderCell(cell, act))))),
    ),
  );
}

function renderCell(c: DetailCell, act: (a: DetailAction) => void): HTMLElement {
  const content = c.action ? link(c.text, c.action, act) : c.text;
  const cls = [c.numeric ? 'num' : '', c.mono ? 'mono' : ''].filter(Boolean).join(' ');
  return h('td', cls ? { class: cls } : {}, content);
}

function link(text: string, a: DetailAction, act: (a: DetailAction) => void): HTMLElement {
  return h(
    'a',
    {
      attrs: { href: '#', 'data-action': a.type },
      title:
        a.type === 'revealAccount'
          ? `Open ${text} in the Accounts view`
          : a.type === 'openBlock'
            ? 'Open this block'
            : '',
      on: {
        click: e => {
          e.preventDefault();
          act(a);
        },
      },
    },
    text,
  );
}

export function actionButton(b: DetailButton, act: (a: DetailAction) => void): HTMLElement {
  return button({ label: b.label, appearance: 'secondary', onClick: () => act(b.action) }).element;
}
