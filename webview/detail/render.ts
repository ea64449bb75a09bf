// The detail panels' browser side (transaction and block, one bundle): validates what the host
// sends and lays it out. Every value becomes a text node (shared/dom.ts); links and buttons only post an action
// back, the host decides what it means.
import type {
  BlockPanelState,
  DetailAction,
  DetailButton,
  DetailField,
  DetailInitialState,
  DetailSection,
  DetailTable,
  DetailToHost,
  DetailView,
  TransactionPanelState,
} from '../protocol';
import { button, progressIndicator } from '../components/toolkit';
import { h, type Child } from '../shared/dom';
import { onHostMessage } from '../shared/messages';
import { ValidationError } from '../shared/validate';
import { relativeAge } from '../../src/present/time';
import { connectToHost, initialState } from '../shared/vscodeApi';
import { initial, toWebview } from './validators';

/** Starts a detail panel: renders the inlined state, then every view the host posts. */
export function startDetailPanel(): void {
  const host = connectToHost<DetailToHost, TransactionPanelState | BlockPanelState>();
  const app = document.getElementById('app')!;
  const act = (a: DetailAction) => host.post({ type: 'action', action: a });

  let first: DetailInitialState;
  try {
    first = initial(initialState());
  } catch (e) {
    app.replaceChildren(
      h('p', { class: 'error' }, `This panel could not start: ${e instanceof ValidationError ? e.message : String(e)}`),
    );
    return;
  }
  // Only what identifies the panel is kept: the serializer re-reads the record after a reload.
  host.saveState(first.persist);
  render(app, first.view, act);
  onHostMessage(toWebview, m => render(app, m.view, act));
  // A restored panel's record may arrive before this page listened: the host answers with its view.
  host.post({ type: 'ready' });
  setInterval(refreshAges, 15_000);
}

function render(app: HTMLElement, v: DetailView, act: (a: DetailAction) => void): void {
  const header = h(
    'header',
    { class: 'top' },
    h('h1', {}, v.title, h('span', { class: 'network' }, v.network)),
    v.status === 'loaded'
      ? h('div', { class: 'actions' }, ...v.buttons.map(b => actionButton(b, act, 'secondary')))
      : null,
  );
  const body: Child[] = [];
  // Which network answered and why, as the hover says it.
  if (v.why) body.push(h('p', { class: 'why' }, v.why));
  if (v.status === 'loading') {
    body.push(progressIndicator(v.message ?? 'Loading…'));
  } else if (v.status === 'error') {
    body.push(
      h(
        'div',
        { class: 'banner', role: 'alert' },
        h('strong', {}, v.message),
        ...v.serverMessages.map(m => h('div', { class: 'server-message' }, m)),
        button({ label: 'Retry', appearance: 'secondary', onClick: () => act({ type: 'refresh' }) }).element,
      ),
    );
  } else {
    body.push(h('p', { class: 'summary' }, v.summary));
    let group: string | undefined;
    for (const s of v.sections) {
      if (s.group && s.group !== group) {
        group = s.group;
        body.push(h('h2', { class: 'group' }, s.group));
      }
      body.push(renderSection(s, act));
    }
  }
  app.replaceChildren(header, ...body.filter((c): c is Node => c instanceof Node));
  app.setAttribute('aria-busy', String(v.status === 'loading'));
}

function renderSection(s: DetailSection, act: (a: DetailAction) => void): HTMLElement {
  return h(
    'section',
    { class: 'record', id: s.id, attrs: { 'aria-label': s.title } },
    h(
      'div',
      { class: 'record-head' },
      h('h3', {}, s.title),
      s.badge ? h('span', { class: 'badge' }, s.badge) : null,
      h('div', { class: 'actions' }, ...s.buttons.map(b => actionButton(b, act, 'secondary'))),
    ),
    h('dl', { class: 'fields' }, ...s.fields.flatMap(f => renderField(f, act))),
    ...s.tables.map(t => renderTable(t, act)),
  );
}

function renderField(f: DetailField, act: (a: DetailAction) => void): HTMLElement[] {
  const value = f.action ? link(f.value, f.action, act) : f.badge ? badge(f) : h('span', {}, f.value);
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
      f.copy ? copyLink(f.copy, act) : null,
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

function ageOf(at: number): string {
  return relativeAge(at, Date.now()) ?? '';
}

/** Every age on the page, said again: they stay current while the panel is shown. */
function refreshAges(): void {
  for (const el of document.querySelectorAll<HTMLElement>('.age[data-at]')) {
    const at = Number(el.dataset['at']);
    if (Number.isFinite(at)) el.textContent = ageOf(at);
  }
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
      h('thead', {}, h('tr', {}, ...t.columns.map(c => h('th', { attrs: { scope: 'col' } }, c)))),
      h(
        'tbody',
        {},
        ...t.rows.map(r =>
          h(
            'tr',
            {},
            ...r.map(c => {
              const content = c.action ? link(c.text, c.action, act) : c.text;
              const cls = [c.numeric ? 'num' : '', c.mono ? 'mono' : ''].filter(Boolean).join(' ');
              return h('td', cls ? { class: cls } : {}, content);
            }),
          ),
        ),
      ),
    ),
  );
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

function copyLink(text: string, act: (a: DetailAction) => void): HTMLElement {
  return h(
    'a',
    {
      class: 'copy',
      title: 'Copy',
      attrs: { href: '#', 'aria-label': `Copy ${text}` },
      on: {
        click: e => {
          e.preventDefault();
          act({ type: 'copy', text });
        },
      },
    },
    'copy',
  );
}

function actionButton(
  b: DetailButton,
  act: (a: DetailAction) => void,
  appearance: 'primary' | 'secondary',
): HTMLElement {
  return button({ label: b.label, appearance, onClick: () => act(b.action) }).element;
}
