// The contract results panel in the browser: the filter form (form.ts), the grid (columns.ts over
// components/grid.ts, which renders only the rows in view), Load more, the unit toggle and a row's
// detail (detail.ts). Data arrives from the host (validated); every value is written as text.
import './panel.css';
import {
  AMOUNT_UNITS,
  EMPTY_CONTRACT_RESULTS_FILTERS,
  unitValidator,
  type AmountUnit,
  type ContractResultRow,
  type ContractResultsToWebview,
} from '../protocol';
import { button, progressIndicator, type Button } from '../components/toolkit';
import { DataGrid } from '../components/grid';
import { hostCopier } from '../shared/copy';
import { h } from '../shared/dom';
import { onHostMessage } from '../shared/messages';
import { shortTime } from '../../src/present/time';
import { MONEY_COLUMNS, resultColumns, statusText } from './columns';
import { createDetail } from './detail';
import { createFilterForm } from './form';
import { host, save, state } from './state';
import { UNIT_LABELS } from './units';
import { filtersValidator, toWebviewValidator } from './validators';
import { validateFilters } from '../../src/features/contracts/filters';

const grid = new DataGrid<ContractResultRow>({
  label: 'Contract results',
  columns: resultColumns(() => state.unit),
  onActivate: (row, index) => detail.open(row, index),
  rowLabel: r => `${r.timestamp ? shortTime(r.timestamp) : ''} ${r.contractId ?? ''} ${statusText(r)}`,
});

// Whether HashScan can have the ids' pages: the host says so with each set of rows.
let hashscan = false;

// The host confirms each copy; the copy controls wait for that word.
const copier = hostCopier(text => host.post({ type: 'copy', text }));

const detail = createDetail({
  post: m => host.post(m),
  copy: copier.request,
  unit: () => state.unit,
  hashscan: () => hashscan,
  filterFrom: id => {
    form.setFrom(id);
    search();
  },
  onClosed: (index, refocus) => {
    if (refocus) grid.focusRow(index);
  },
});

const form = createFilterForm({
  onSearch: () => search(),
  onClear: () => {
    form.write(EMPTY_CONTRACT_RESULTS_FILTERS);
    search();
  },
  onChange: () => scheduleCheck(),
});

function search(): void {
  clearTimeout(checkTimer);
  state.filters = form.read();
  save();
  form.showIssues([]);
  setStale(false);
  host.post({ type: 'search', filters: state.filters });
}

// ---- the form checked as it changes -------------------------------------------------------------

let checkTimer: ReturnType<typeof setTimeout> | undefined;
const CHECK_DELAY_MS = 250;

/** Checks the form a moment after the last change, with the rules the host applies before a request. */
function scheduleCheck(): void {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkForm, CHECK_DELAY_MS);
}

function checkForm(): void {
  const checked = validateFilters(form.read());
  const issues = checked.ok ? [] : checked.issues;
  form.showIssues(issues, false);
  setStale(issues.length > 0);
}

/** The rows shown no longer answer the form (it has invalid values): dimmed, and said in words. */
function setStale(stale: boolean): void {
  const on = stale && state.rows.length > 0;
  results.classList.toggle('stale', on);
  staleNote.hidden = !on;
}

// ---- unit toggle -------------------------------------------------------------------------------

const UNIT_TITLES: Readonly<Record<AmountUnit, string>> = {
  tinybar: 'tinybars',
  weibar: 'weibars: tinybars × 10^10',
  hbar: 'ℏ: tinybars / 10^8',
};
const unitButtons = new Map<AmountUnit, Button>(
  AMOUNT_UNITS.map(u => [
    u,
    button({
      id: `unit-${u}`,
      label: UNIT_LABELS[u],
      title: UNIT_TITLES[u],
      pressed: u === state.unit,
      onClick: () => setUnit(u),
    }),
  ]),
);

function setUnit(u: AmountUnit): void {
  state.unit = unitValidator(u);
  for (const [k, b] of unitButtons) b.setPressed(k === state.unit);
  // Only the rendered rows change now; the others render in this unit when scrolled to.
  grid.refreshColumns(MONEY_COLUMNS);
  detail.refresh();
  save();
}

// ---- layout ------------------------------------------------------------------------------------

const networkLabel = h('span', { class: 'network' }, state.network);
const banner = h('div', { id: 'banner', class: 'banner', role: 'alert', attrs: { hidden: '' } });
const progress = progressIndicator('Loading contract results…');
progress.hidden = true;
const summary = h('p', { id: 'summary', class: 'summary', attrs: { 'aria-live': 'polite' } });
const staleNote = h(
  'p',
  { id: 'stale-note', class: 'summary', attrs: { hidden: '' } },
  'The results below are from before the change: fix the marked filters to search again.',
);
const loadMore = button({ id: 'load-more', label: 'Load more', appearance: 'secondary', onClick: () => requestMore() });
loadMore.element.hidden = true;

const results = h(
  'div',
  { class: 'results' },
  h('div', { class: 'list' }, grid.element, loadMore.element),
  detail.element,
);

const app = document.getElementById('app') ?? document.body;
app.replaceChildren(
  h(
    'header',
    { class: 'top' },
    h('h1', {}, 'Contract results ', networkLabel),
    h(
      'div',
      { class: 'units', role: 'group', attrs: { 'aria-label': 'Unit of amounts and gas prices' } },
      'Unit:',
      ...[...unitButtons.values()].map(b => b.element),
    ),
  ),
  form.element,
  banner,
  progress,
  summary,
  staleNote,
  // The list and the detail share a split: side by side in a wide pane, stacked in a narrow one
  // (a container query on the host, panel.css).
  h('div', { class: 'results-host' }, results),
);
app.removeAttribute('aria-busy');
form.write(state.filters);

// ---- loading, results and errors ---------------------------------------------------------------

function requestMore(): void {
  loadMore.setDisabled(true);
  host.post({ type: 'loadMore' });
}

function setLoading(on: boolean): void {
  progress.hidden = !on;
  app.setAttribute('aria-busy', String(on));
}

function showRows(m: Extract<ContractResultsToWebview, { type: 'rows' }>): void {
  setLoading(false);
  banner.hidden = true;
  networkLabel.textContent = m.network;
  hashscan = m.hashscan;
  if (m.append) {
    for (const r of m.rows) state.rows.push(r);
    grid.appendRows(m.rows);
  } else {
    state.rows = [...m.rows];
    setStale(false);
    grid.setRows(m.rows);
    detail.close(false);
    detail.clearDetails();
  }
  const n = state.rows.length;
  summary.textContent =
    n === 0
      ? 'No contract results match these filters.'
      : `${n} contract result${n === 1 ? '' : 's'} loaded${m.hasMore ? ', more available' : ''}.`;
  loadMore.element.hidden = !m.hasMore;
  loadMore.setDisabled(false);
}

function showFailure(m: Extract<ContractResultsToWebview, { type: 'failed' }>): void {
  setLoading(false);
  loadMore.setDisabled(false);
  const retry = button({ label: 'Retry', appearance: 'secondary', onClick: () => host.post({ type: 'retry' }) });
  banner.replaceChildren(
    h('strong', {}, m.status ? `The mirror node answered ${m.status}: ` : 'The request failed: '),
    m.serverMessages.length > 0 ? h('span', {}, m.serverMessages.join(' · ')) : h('span', {}, m.message),
    ' ',
    retry.element,
  );
  banner.hidden = false;
}

onHostMessage(toWebviewValidator, m => {
  switch (m.type) {
    case 'filters':
      state.filters = filtersValidator(m.filters);
      form.write(state.filters);
      form.showIssues([]);
      setStale(false);
      save();
      break;
    case 'loading':
      setLoading(true);
      if (!m.append) banner.hidden = true;
      break;
    case 'rows':
      showRows(m);
      break;
    case 'invalid':
      setLoading(false);
      form.showIssues(m.issues);
      setStale(true);
      break;
    case 'failed':
      showFailure(m);
      break;
    case 'detail':
      detail.setDetail(m.key, m.detail);
      break;
    case 'copied':
      copier.confirmed(m.text);
      break;
  }
});

// ---- start -------------------------------------------------------------------------------------

save();
setLoading(true);
host.post({ type: 'ready', filters: state.filters });
