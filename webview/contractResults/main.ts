// The contract results panel in the browser: the filter form, the grid, Load more, the unit toggle
// and a row's detail. Data arrives from the host (validated); every value is written as text.
import './panel.css';
import type {
  AmountUnit,
  BigintString,
  ContractResultRow,
  ContractResultsField,
  ContractResultsFilters,
  ContractResultsPanelState,
  ContractResultsToHost,
  ContractResultsToWebview,
  FieldIssue,
  TimestampFilter,
  TimestampOperator,
} from '../protocol';
import { EMPTY_CONTRACT_RESULTS_FILTERS } from '../protocol';
import {
  button,
  checkbox,
  progressIndicator,
  select,
  textInput,
  type Button,
  type TextInput,
} from '../components/toolkit';
import { DataGrid, type Column } from '../components/grid';
import { h, type Child } from '../shared/dom';
import { onHostMessage } from '../shared/messages';
import { connectToHost, initialState } from '../shared/vscodeApi';
import { NONE } from '../../src/present/text';
import { amountText, displayAmount, UNIT_LABELS } from './units';
import { filtersValidator, stateValidator, toWebviewValidator, unitValidator } from './validators';

const host = connectToHost<ContractResultsToHost, ContractResultsPanelState>();

// ---- state -------------------------------------------------------------------------------------

const EMPTY = EMPTY_CONTRACT_RESULTS_FILTERS;

function restore(): ContractResultsPanelState & { network: string } {
  const init = initialState();
  const network =
    typeof init === 'object' && init && typeof (init as { network?: unknown }).network === 'string'
      ? (init as { network: string }).network
      : '';
  // The saved state is newer than the inlined one (the user changed filters or unit since).
  for (const candidate of [host.savedState(), init]) {
    try {
      return { ...stateValidator(candidate), network };
    } catch {
      // older or missing: try the next
    }
  }
  return { filters: EMPTY, unit: 'tinybar', network };
}

const restored = restore();
let unit: AmountUnit = restored.unit;
let filters: ContractResultsFilters = restored.filters;
let rows: ContractResultRow[] = [];
let selected = -1;

function save(): void {
  host.saveState({ filters, unit });
}

// ---- money and text cells ----------------------------------------------------------------------

/** A monetary value with its unit; `data-exact` holds the digits without grouping. */
function money(tinybars: BigintString | null): HTMLElement {
  const d = displayAmount(tinybars, unit);
  if (!d) return h('span', { class: 'none', title: 'no value' }, NONE);
  return h(
    'span',
    { class: 'money' },
    h('span', { class: 'value', attrs: { 'data-exact': d.exact } }, d.text),
    ' ',
    h('span', { class: 'unit' }, d.unit),
  );
}

/** Rewrites a cell made by money() for the current unit, touching only its text. */
function updateMoney(tinybars: BigintString | null, cell: HTMLElement): void {
  const value = cell.querySelector<HTMLElement>('.value');
  const unitEl = cell.querySelector<HTMLElement>('.unit');
  const d = displayAmount(tinybars, unit);
  if (!d || !value || !unitEl) return;
  value.textContent = d.text;
  value.dataset['exact'] = d.exact;
  unitEl.textContent = d.unit;
}

function shortHex(hex: string | null, keep = 6): string {
  if (!hex) return NONE;
  return hex.length <= keep * 2 + 3 ? hex : `${hex.slice(0, keep + 2)}…${hex.slice(-keep)}`;
}

function account(address: string | null, id: string | null): Node | string {
  if (!address) return NONE;
  return h('span', { title: address }, id ?? shortHex(address));
}

function statusText(r: ContractResultRow): string {
  const ok = r.status === '0x1' ? 'success' : r.status === '0x0' ? 'failed' : (r.status ?? '');
  return r.result ? `${r.result} (${ok})` : ok || NONE;
}

const MONEY_COLUMNS = ['amount', 'gasPrice'];

const columns: Column<ContractResultRow>[] = [
  {
    id: 'timestamp',
    width: '21ch',
    header: 'Timestamp',
    render: (r, c) => {
      c.textContent = r.timestamp ?? NONE;
      if (r.timestampIso) c.title = r.timestampIso;
    },
  },
  { id: 'from', width: '16ch', header: 'From', render: (r, c) => c.append(account(r.from, r.fromId)) },
  { id: 'to', width: '16ch', header: 'To', render: (r, c) => c.append(account(r.to, r.toId)) },
  { id: 'contract', width: '12ch', header: 'Contract', render: (r, c) => (c.textContent = r.contractId ?? NONE) },
  {
    id: 'result',
    width: '22ch',
    header: 'Result',
    render: (r, c) => {
      c.textContent = statusText(r);
      c.title = c.textContent;
      c.classList.toggle('failed', r.status !== null && r.status !== '0x1');
    },
  },
  {
    id: 'amount',
    width: '36ch',
    header: 'Amount',
    numeric: true,
    render: (r, c) => c.append(money(r.amount)),
    update: (r, c) => updateMoney(r.amount, c),
  },
  {
    id: 'gas',
    width: '19ch',
    header: 'Gas used / limit',
    numeric: true,
    render: (r, c) => (c.textContent = `${r.gasUsed ?? NONE} / ${r.gasLimit ?? NONE}`),
  },
  {
    id: 'gasPrice',
    width: '36ch',
    header: 'Gas price',
    numeric: true,
    render: (r, c) => c.append(money(r.gasPrice)),
    update: (r, c) => updateMoney(r.gasPrice, c),
  },
  {
    id: 'block',
    width: '10ch',
    header: 'Block',
    numeric: true,
    render: (r, c) => (c.textContent = r.blockNumber ?? NONE),
  },
  {
    id: 'index',
    width: '8ch',
    header: 'Tx index',
    numeric: true,
    render: (r, c) => (c.textContent = r.transactionIndex ?? NONE),
  },
  {
    id: 'hash',
    width: '18ch',
    header: 'Hash',
    render: (r, c) => {
      c.textContent = shortHex(r.hash);
      if (r.hash) c.title = r.hash;
    },
  },
];

const grid = new DataGrid<ContractResultRow>({
  label: 'Contract results',
  columns,
  onActivate: (_row, index) => openDetail(index),
  rowLabel: r => `${r.timestamp ?? ''} ${r.contractId ?? ''} ${statusText(r)}`,
});

// ---- the filter form ---------------------------------------------------------------------------

const errorIds: Record<ContractResultsField, string> = {
  from: 'err-from',
  'block.number': 'err-block-number',
  'block.hash': 'err-block-hash',
  timestamp: 'err-timestamp',
  'transaction.index': 'err-transaction-index',
  internal: 'err-internal',
  order: 'err-order',
  limit: 'err-limit',
};
const errorEls = new Map<ContractResultsField, HTMLElement>();
function errorSlot(field: ContractResultsField): HTMLElement {
  const el = h('div', { id: errorIds[field], class: 'field-error', attrs: { 'aria-live': 'polite' } });
  errorEls.set(field, el);
  return el;
}

const fromInput = textInput({
  id: 'f-from',
  label: 'from',
  placeholder: '0.0.1234 or 0x… (40 hex)',
  errorId: errorIds.from,
  size: 28,
  onEnter: search,
});
const blockNumberInput = textInput({
  id: 'f-block-number',
  label: 'block.number',
  placeholder: '17 or 0x11',
  errorId: errorIds['block.number'],
  size: 14,
  onEnter: search,
});
const blockHashInput = textInput({
  id: 'f-block-hash',
  label: 'block.hash',
  placeholder: '64 or 96 hex digits',
  errorId: errorIds['block.hash'],
  size: 40,
  onEnter: search,
});
const indexInput = textInput({
  id: 'f-transaction-index',
  label: 'transaction.index',
  placeholder: '≥ 0, needs a block',
  errorId: errorIds['transaction.index'],
  size: 14,
  onEnter: search,
});
const limitInput = textInput({
  id: 'f-limit',
  label: 'limit',
  placeholder: '25 (1–100)',
  errorId: errorIds.limit,
  size: 8,
  onEnter: search,
});
const internalBox = checkbox({ id: 'f-internal', label: 'internal (include child transactions)', checked: false });
const orderSelect = select<'asc' | 'desc'>({
  id: 'f-order',
  label: 'order',
  options: [
    { value: 'desc', label: 'desc (newest first)' },
    { value: 'asc', label: 'asc (oldest first)' },
  ],
  value: 'desc',
});

const fieldInputs: Partial<Record<ContractResultsField, TextInput>> = {
  from: fromInput,
  'block.number': blockNumberInput,
  'block.hash': blockHashInput,
  'transaction.index': indexInput,
  limit: limitInput,
};

interface TimestampRow {
  readonly element: HTMLElement;
  readonly operator: { value: TimestampOperator };
  readonly input: TextInput;
}
const timestampRows: TimestampRow[] = [];
const timestampList = h('div', { class: 'timestamps' });

const OPERATORS: readonly { value: TimestampOperator; label: string }[] = [
  { value: 'eq', label: '= eq' },
  { value: 'gt', label: '> gt' },
  { value: 'gte', label: '≥ gte' },
  { value: 'lt', label: '< lt' },
  { value: 'lte', label: '≤ lte' },
  { value: 'ne', label: '≠ ne' },
];

function addTimestampRow(t: TimestampFilter = { operator: 'gte', value: '' }): TimestampRow {
  const n = timestampRows.length + 1;
  const operator = select<TimestampOperator>({
    id: `f-ts-op-${n}`,
    label: `timestamp ${n} operator`,
    options: OPERATORS,
    value: t.operator,
  });
  const input = textInput({
    id: `f-ts-${n}`,
    label: `timestamp ${n}`,
    placeholder: 'seconds.nanoseconds',
    errorId: errorIds.timestamp,
    size: 22,
    onEnter: search,
    value: t.value,
  });
  const row: TimestampRow = {
    element: h('div', { class: 'timestamp-row' }),
    operator,
    input,
  };
  const remove = button({
    label: 'Remove',
    appearance: 'secondary',
    title: `Remove timestamp filter ${n}`,
    onClick: () => {
      const i = timestampRows.indexOf(row);
      if (i >= 0) timestampRows.splice(i, 1);
      row.element.remove();
      addTimestampButton.element.focus();
    },
  });
  row.element.append(operator.element, input.element, remove.element);
  timestampRows.push(row);
  timestampList.appendChild(row.element);
  return row;
}

const addTimestampButton = button({
  label: 'Add timestamp filter',
  appearance: 'secondary',
  onClick: () => addTimestampRow().input.focus(),
});

function writeForm(f: ContractResultsFilters): void {
  fromInput.value = f.from;
  blockNumberInput.value = f.blockNumber;
  blockHashInput.value = f.blockHash;
  indexInput.value = f.transactionIndex;
  limitInput.value = f.limit;
  internalBox.checked = f.internal;
  orderSelect.value = f.order;
  for (const r of timestampRows) r.element.remove();
  timestampRows.length = 0;
  for (const t of f.timestamps) addTimestampRow(t);
}

function readForm(): ContractResultsFilters {
  return {
    from: fromInput.value.trim(),
    blockNumber: blockNumberInput.value.trim(),
    blockHash: blockHashInput.value.trim(),
    timestamps: timestampRows
      .map(r => ({ operator: r.operator.value, value: r.input.value.trim() }))
      .filter(t => t.value !== ''),
    transactionIndex: indexInput.value.trim(),
    internal: internalBox.checked,
    order: orderSelect.value,
    limit: limitInput.value.trim(),
  };
}

function showIssues(issues: readonly FieldIssue[]): void {
  for (const [field, el] of errorEls) {
    const mine = issues.filter(i => i.field === field);
    el.textContent = mine.map(i => i.message).join(' ');
    fieldInputs[field]?.setInvalid(mine.length > 0);
    for (const r of field === 'timestamp' ? timestampRows : []) r.input.setInvalid(mine.length > 0);
  }
  const first = issues[0];
  if (first) {
    const input = first.field === 'timestamp' ? timestampRows[0]?.input : fieldInputs[first.field];
    input?.focus();
  }
}

function search(): void {
  filters = readForm();
  save();
  showIssues([]);
  host.post({ type: 'search', filters });
}

function clearForm(): void {
  writeForm(EMPTY);
  search();
}

// ---- unit toggle -------------------------------------------------------------------------------

const unitButtons = new Map<AmountUnit, Button>();
for (const u of ['tinybar', 'weibar', 'hbar'] as const) {
  unitButtons.set(
    u,
    button({
      id: `unit-${u}`,
      label: UNIT_LABELS[u],
      title: u === 'hbar' ? 'ℏ: tinybars / 10^8' : u === 'weibar' ? 'weibars: tinybars × 10^10' : 'tinybars',
      pressed: u === unit,
      onClick: () => setUnit(u),
    }),
  );
}

function setUnit(u: AmountUnit): void {
  unit = unitValidator(u);
  for (const [k, b] of unitButtons) b.setPressed(k === unit);
  grid.refreshColumns(MONEY_COLUMNS);
  if (selected >= 0) renderDetail();
  save();
}

// ---- layout ------------------------------------------------------------------------------------

const networkLabel = h('span', { class: 'network' }, restored.network);
const banner = h('div', { id: 'banner', class: 'banner', role: 'alert', attrs: { hidden: '' } });
const progress = progressIndicator('Loading contract results…');
progress.hidden = true;
const summary = h('p', { id: 'summary', class: 'summary', attrs: { 'aria-live': 'polite' } });
const loadMore = button({ id: 'load-more', label: 'Load more', appearance: 'secondary', onClick: () => requestMore() });
loadMore.element.hidden = true;
const detail = h('section', {
  id: 'detail',
  class: 'detail',
  attrs: { 'aria-label': 'Contract result detail', hidden: '' },
});

const field = (input: HTMLElement, err: HTMLElement): HTMLElement => h('div', { class: 'field' }, input, err);

const form = h(
  'section',
  { class: 'filters', attrs: { 'aria-label': 'Filters' } },
  h(
    'div',
    { class: 'row' },
    field(fromInput.element, errorSlot('from')),
    field(blockNumberInput.element, errorSlot('block.number')),
    field(blockHashInput.element, errorSlot('block.hash')),
    field(indexInput.element, errorSlot('transaction.index')),
  ),
  h(
    'fieldset',
    { class: 'timestamp-set' },
    h('legend', {}, 'timestamp (operator and seconds.nanoseconds; several allowed)'),
    timestampList,
    addTimestampButton.element,
    errorSlot('timestamp'),
  ),
  h(
    'div',
    { class: 'row' },
    field(internalBox.element, errorSlot('internal')),
    field(orderSelect.element, errorSlot('order')),
    field(limitInput.element, errorSlot('limit')),
    h(
      'div',
      { class: 'actions' },
      button({ id: 'search', label: 'Search', onClick: search }).element,
      button({ id: 'clear', label: 'Clear filters', appearance: 'secondary', onClick: clearForm }).element,
    ),
  ),
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
  form,
  banner,
  progress,
  summary,
  h('div', { class: 'grid-wrap' }, grid.element),
  loadMore.element,
  detail,
);
app.removeAttribute('aria-busy');
writeForm(filters);

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
  if (m.append) {
    rows = rows.concat(m.rows);
    grid.appendRows(m.rows);
  } else {
    rows = [...m.rows];
    grid.setRows(m.rows);
    closeDetail(false);
  }
  summary.textContent =
    rows.length === 0
      ? 'No contract results match these filters.'
      : `${rows.length} contract result${rows.length === 1 ? '' : 's'} loaded${m.hasMore ? ', more available' : ''}.`;
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
      filters = filtersValidator(m.filters);
      writeForm(filters);
      showIssues([]);
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
      showIssues(m.issues);
      break;
    case 'failed':
      showFailure(m);
      break;
  }
});

// ---- detail ------------------------------------------------------------------------------------

function copyButton(text: string, what: string): HTMLElement {
  return button({
    label: 'Copy',
    appearance: 'secondary',
    title: `Copy ${what}`,
    onClick: () => host.post({ type: 'copy', text }),
  }).element;
}

function hexValue(hex: string | null, what: string): Child {
  if (hex === null) return h('span', { class: 'none' }, NONE);
  return h(
    'span',
    { class: 'hex-wrap' },
    h('code', { class: 'hex' }, hex),
    hex.length > 2 ? copyButton(hex, what) : null,
  );
}

function link(label: string, title: string, onClick: () => void): HTMLElement {
  return h(
    'a',
    {
      attrs: { href: '#', title },
      on: {
        click: e => {
          e.preventDefault();
          onClick();
        },
      },
    },
    label,
  );
}

function addressValue(address: string | null, id: string | null, what: string): Child {
  if (!address) return h('span', { class: 'none' }, NONE);
  return h(
    'span',
    {},
    hexValue(address, what),
    id
      ? h(
          'span',
          { class: 'entity' },
          ' = ',
          id,
          ' ',
          link('filter by this from', `Show the contract results from ${id}`, () => filterFrom(id)),
        )
      : null,
  );
}

function filterFrom(id: string): void {
  fromInput.value = id;
  search();
}

function moneyValue(tinybars: BigintString | null): Child {
  const all = (['tinybar', 'weibar', 'hbar'] as const).filter(u => u !== unit).map(u => amountText(tinybars, u));
  return h(
    'span',
    {},
    money(tinybars),
    tinybars === null ? null : h('span', { class: 'also' }, ` (${all.join(' = ')})`),
  );
}

function revertValue(r: ContractResultRow): Child {
  if (r.errorMessage === null) return h('span', { class: 'none' }, NONE);
  const raw = /^0x[0-9a-fA-F]*$/.test(r.errorMessage)
    ? hexValue(r.errorMessage, 'error_message')
    : h('span', {}, r.errorMessage);
  const d = r.revert;
  let decoded: Child = null;
  if (d?.kind === 'error') decoded = h('div', { class: 'decoded' }, 'Error(string): ', h('q', {}, d.reason));
  else if (d?.kind === 'panic')
    decoded = h('div', { class: 'decoded' }, `Panic(uint256): code 0x${BigInt(d.code).toString(16)} — ${d.meaning}`);
  else if (d?.kind === 'custom') decoded = h('div', { class: 'decoded' }, `Custom error with selector ${d.selector}`);
  return h('div', {}, raw, decoded);
}

function parametersValue(r: ContractResultRow): Child {
  if (r.functionParameters === null) return h('span', { class: 'none' }, NONE);
  return h(
    'div',
    {},
    hexValue(r.functionParameters, 'function_parameters'),
    r.selector
      ? h(
          'div',
          { class: 'decoded' },
          'selector ',
          h('code', {}, r.selector),
          r.argumentWords.length > 0
            ? h(
                'ol',
                { class: 'words', attrs: { start: '0' } },
                ...r.argumentWords.map(w => h('li', {}, h('code', {}, w))),
              )
            : ' (no arguments)',
        )
      : null,
  );
}

function plain(v: string | number | null): Child {
  return v === null ? h('span', { class: 'none' }, NONE) : String(v);
}

function detailRows(r: ContractResultRow): Array<[string, Child]> {
  return [
    [
      'timestamp',
      h('span', {}, r.timestamp ?? NONE, r.timestampIso ? h('span', { class: 'also' }, ` (${r.timestampIso})`) : null),
    ],
    ['hash', hexValue(r.hash, 'hash')],
    ['result', plain(r.result)],
    ['status', plain(r.status === null ? null : `${r.status} (${r.status === '0x1' ? 'success' : 'failed'})`)],
    ['from', addressValue(r.from, r.fromId, 'from')],
    [
      'to',
      r.to
        ? h('span', {}, hexValue(r.to, 'to'), r.toId ? h('span', { class: 'entity' }, ' = ', r.toId) : null)
        : plain(null),
    ],
    [
      'contract_id',
      r.contractId
        ? link(r.contractId, `Open ${r.contractId} in HashScan`, () =>
            host.post({ type: 'openEntity', kind: 'contract', id: r.contractId! }),
          )
        : plain(null),
    ],
    ['address', hexValue(r.address, 'address')],
    ['amount', moneyValue(r.amount)],
    ['gas_price', moneyValue(r.gasPrice)],
    ['max_fee_per_gas', moneyValue(r.maxFeePerGas)],
    ['max_priority_fee_per_gas', moneyValue(r.maxPriorityFeePerGas)],
    ['gas_limit', plain(r.gasLimit)],
    ['gas_used', plain(r.gasUsed)],
    ['gas_consumed', plain(r.gasConsumed)],
    ['block_number', plain(r.blockNumber)],
    ['block_hash', hexValue(r.blockHash, 'block_hash')],
    ['block_gas_used', plain(r.blockGasUsed)],
    ['transaction_index', plain(r.transactionIndex)],
    ['nonce', plain(r.nonce)],
    ['type', plain(r.type)],
    ['chain_id', hexValue(r.chainId, 'chain_id')],
    ['function_parameters', parametersValue(r)],
    ['call_result', hexValue(r.callResult, 'call_result')],
    ['error_message', revertValue(r)],
    ['failed_initcode', hexValue(r.failedInitcode, 'failed_initcode')],
    [
      'created_contract_ids',
      r.createdContractIds.length === 0
        ? h('span', { class: 'none' }, 'none')
        : h(
            'span',
            {},
            ...r.createdContractIds.flatMap((id, i) => [
              i > 0 ? ', ' : null,
              link(id, `Open ${id} in HashScan`, () => host.post({ type: 'openEntity', kind: 'contract', id })),
            ]),
          ),
    ],
    ['access_list', hexValue(r.accessList, 'access_list')],
    ['bloom', hexValue(r.bloom, 'bloom')],
    ['v', plain(r.v)],
    ['r', hexValue(r.r, 'r')],
    ['s', hexValue(r.s, 's')],
    ...r.extra.map(e => [e.name, h('pre', { class: 'json' }, e.json)] as [string, Child]),
  ];
}

function renderDetail(): void {
  const r = rows[selected];
  if (!r) return;
  const heading = h('h2', { tabIndex: -1 }, `Contract result ${r.timestamp ?? ''}`);
  const dl = h('dl', {});
  for (const [name, value] of detailRows(r))
    dl.append(h('dt', {}, name), h('dd', { attrs: { 'data-field': name } }, value ?? ''));
  detail.replaceChildren(
    h(
      'div',
      { class: 'detail-head' },
      heading,
      button({
        id: 'close-detail',
        label: 'Close',
        appearance: 'secondary',
        title: 'Close (Escape)',
        onClick: () => closeDetail(true),
      }).element,
    ),
    dl,
  );
}

function openDetail(index: number): void {
  selected = index;
  renderDetail();
  detail.hidden = false;
  detail.querySelector<HTMLElement>('h2')?.focus();
}

function closeDetail(refocus: boolean): void {
  const was = selected;
  selected = -1;
  detail.hidden = true;
  detail.replaceChildren();
  if (refocus && was >= 0) grid.focusRow(was);
}

detail.addEventListener('keydown', e => {
  if (e.key === 'Escape') {
    e.preventDefault();
    closeDetail(true);
  }
});

// ---- start -------------------------------------------------------------------------------------

save();
setLoading(true);
host.post({ type: 'ready', filters });
