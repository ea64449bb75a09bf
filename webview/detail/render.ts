// The detail panels' browser side (transaction and block, one bundle): validates what the host
// sends and lays it out. Every value becomes a text node (shared/dom.ts); links and buttons only post an action
// back, the host decides what it means.
import type {
  BlockPanelState,
  DetailAction,
  DetailInitialState,
  DetailSection,
  DetailToHost,
  DetailView,
  TransactionPanelState,
} from '../protocol';
import { button, progressIndicator } from '../components/toolkit';
import { h, type Child } from '../shared/dom';
import { hostCopier } from '../shared/copy';
import { onHostMessage } from '../shared/messages';
import { ValidationError } from '../shared/validate';
import { connectToHost, initialState } from '../shared/vscodeApi';
import { actionButton, renderSection, type SectionContext } from './section';
import { startAgeRefresh } from './ages';
import { initial, toWebview } from './validators';

/** Starts a detail panel: renders the inlined state, then every view the host posts. */
export function startDetailPanel(): void {
  const host = connectToHost<DetailToHost, TransactionPanelState | BlockPanelState>();
  const app = document.getElementById('app')!;
  const act = (a: DetailAction) => host.post({ type: 'action', action: a });
  const copier = hostCopier(text => act({ type: 'copy', text }));
  const context: SectionContext = { act, copy: copier.request, moreOpen: new Set(), traces: new Map() };

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
  render(app, first.view, context);
  onHostMessage(toWebview, m => (m.type === 'copied' ? copier.confirmed(m.text) : render(app, m.view, context)));
  // A restored panel's record may arrive before this page listened: the host answers with its view.
  host.post({ type: 'ready' });
  startAgeRefresh({
    ages: () => document.querySelectorAll<HTMLElement>('.age[data-at]'),
    visible: () => document.visibilityState !== 'hidden',
    onVisibilityChange: listener => document.addEventListener('visibilitychange', listener),
  });
}

function render(app: HTMLElement, v: DetailView, context: SectionContext): void {
  const { act } = context;
  const header = h(
    'header',
    { class: 'top' },
    h('h1', {}, v.title, h('span', { class: 'network' }, v.network)),
    v.status === 'loaded' ? h('div', { class: 'actions' }, ...v.buttons.map(b => actionButton(b, act))) : null,
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
    // A section `within` another is drawn inside it, after its summary (its group is the record's).
    const inside = new Map<string, DetailSection[]>();
    for (const s of v.sections) if (s.within) inside.set(s.within, [...(inside.get(s.within) ?? []), s]);
    const ids = new Set(v.sections.map(s => s.id));
    let group: string | undefined;
    for (const s of v.sections) {
      if (s.within && ids.has(s.within)) continue;
      if (s.group && s.group !== group) {
        group = s.group;
        body.push(h('h2', { class: 'group' }, s.group));
      }
      body.push(renderSection(s, inside.get(s.id) ?? [], context));
    }
  }
  app.replaceChildren(header, ...body.filter((c): c is Node => c instanceof Node));
  app.setAttribute('aria-busy', String(v.status === 'loading'));
}
