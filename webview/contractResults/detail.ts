// A contract result's detail, beside the grid (or below it in a narrow pane): the call decoded
// first, then its result or error, the events (events.ts, fetched when the detail opens), the
// transfer's facts, and the raw EVM fields collapsed under "Raw". Hex values whole with a copy
// button, amounts in every unit, the revert reason and the call's selector and words decoded.
import { NONE } from '../../src/present/text';
import { exactTimeTitle, shortTime } from '../../src/present/time';
import { button } from '../components/toolkit';
import { copyControl, type CopyRequest } from '../shared/copy';
import {
  AMOUNT_UNITS,
  type AmountUnit,
  type BigintString,
  type ContractResultDetailText,
  type DecodedCallText,
  type ContractResultRow,
  type ContractResultsToHost,
} from '../protocol';
import { h, type Child } from '../shared/dom';
import { renderTrace, type TraceMemory } from '../shared/trace';
import { money } from './columns';
import { eventsValue } from './events';
import { amountText } from './units';

/** What the values need: the page's connection to the host, the unit, the `from` filter. */
interface Ctx {
  readonly post: (message: ContractResultsToHost) => void;
  /** Asks the host to copy; true once it confirmed (the one copy control of every panel). */
  readonly copy: CopyRequest;
  readonly unit: AmountUnit;
  readonly filterFrom: (id: string) => void;
  /** The row's fetched detail (events, the call decoded with its bytecode), once asked. */
  readonly detail: ContractResultDetailText | undefined;
  /** Ids open in HashScan only where HashScan can have their pages; elsewhere they are plain text. */
  readonly hashscan: boolean;
  /** What the user opened in this row's call trace, kept while the rows stay. */
  readonly traceMemory: TraceMemory;
}

function copyButton(text: string, what: string, c: Ctx): HTMLElement {
  return copyControl({ label: what, text, copy: c.copy });
}

function hexValue(hex: string | null, what: string, c: Ctx): Child {
  if (hex === null) return h('span', { class: 'none' }, NONE);
  return h(
    'span',
    { class: 'hex-wrap' },
    h('code', { class: 'hex' }, hex),
    hex.length > 2 ? copyButton(hex, what, c) : null,
  );
}

/** A contract id: a link to its HashScan page where HashScan can have it, else the id as text. */
function contractLink(id: string, c: Ctx): Child {
  if (!c.hashscan) return h('span', {}, id);
  return link(id, `Open ${id} in HashScan`, () => c.post({ type: 'openEntity', kind: 'contract', id }));
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

function addressValue(address: string | null, id: string | null, what: string, c: Ctx): Child {
  if (!address) return h('span', { class: 'none' }, NONE);
  return h(
    'span',
    {},
    hexValue(address, what, c),
    id
      ? h(
          'span',
          { class: 'entity' },
          ' = ',
          id,
          ' ',
          link('filter by this from', `Show the contract results from ${id}`, () => c.filterFrom(id)),
        )
      : null,
  );
}

function moneyValue(tinybars: BigintString | null, unit: AmountUnit): Child {
  const all = AMOUNT_UNITS.filter(u => u !== unit).map(u => amountText(tinybars, u));
  return h(
    'span',
    {},
    money(tinybars, unit),
    tinybars === null ? null : h('span', { class: 'also' }, ` (${all.join(' = ')})`),
  );
}

function revertValue(r: ContractResultRow, c: Ctx): Child {
  if (r.errorMessage === null) return h('span', { class: 'none' }, NONE);
  const raw = /^0x[0-9a-fA-F]*$/.test(r.errorMessage)
    ? hexValue(r.errorMessage, 'error_message', c)
    : h('span', {}, r.errorMessage);
  const d = r.revert;
  let decoded: Child = null;
  if (d?.kind === 'error') decoded = h('div', { class: 'decoded' }, 'Error(string): ', h('q', {}, d.reason));
  else if (d?.kind === 'panic')
    decoded = h('div', { class: 'decoded' }, `Panic(uint256): code 0x${BigInt(d.code).toString(16)} — ${d.meaning}`);
  else if (d?.kind === 'custom') decoded = h('div', { class: 'decoded' }, `Custom error with selector ${d.selector}`);
  return h('div', {}, raw, decoded);
}

/** The call trace field for the detail's state: said in place while it loads or when it failed. */
function traceValue(r: ContractResultRow, c: Ctx): Child {
  const d = c.detail;
  const t = d?.status === 'loaded' ? d.trace : undefined;
  if (!d || d.status === 'loading' || t?.status === 'loading')
    return h('span', { class: 'none', attrs: { role: 'status' } }, 'Loading the call trace…');
  const failure = d.status === 'failed' ? d.message : t?.status === 'failed' ? t.message : undefined;
  if (failure !== undefined)
    return h(
      'div',
      { attrs: { role: 'alert' } },
      h('span', {}, `The call trace could not be read: ${failure}`),
      ' ',
      button({
        label: 'Retry',
        appearance: 'secondary',
        title: 'Fetch the call trace again',
        onClick: () => c.post({ type: 'detail', key: r.key }),
      }).element,
    );
  if (t?.status !== 'loaded') return h('span', { class: 'none' }, t?.message ?? 'No call trace.');
  return renderTrace(t.view, {
    openSite: key => c.post({ type: 'openSite', key }),
    copy: c.copy,
    memory: c.traceMemory,
    // A row with a trace has a transaction to debug: the host finds it by the row's key.
    debug: () => c.post({ type: 'debug', key: r.key }),
  });
}

/** The call decoded with the known ABIs: plain text from the host, shown as text. */
function decodedCall(d: DecodedCallText | null | undefined): Child {
  if (!d) return null;
  return h(
    'div',
    { class: 'decoded decoded-call' },
    h('div', {}, 'Call: ', h('code', {}, d.call)),
    d.outcome ? h('div', {}, 'Outcome: ', h('code', {}, d.outcome)) : null,
    d.contract ? h('div', {}, `Decoded with ${d.contract}`) : null,
  );
}

function parametersValue(r: ContractResultRow, c: Ctx): Child {
  if (r.functionParameters === null) return h('span', { class: 'none' }, NONE);
  return h(
    'div',
    {},
    decodedCall(c.detail?.status === 'loaded' && c.detail.call ? c.detail.call : r.decoded),
    hexValue(r.functionParameters, 'function_parameters', c),
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

type Row = [string, Child];

/** A group of the detail: a titled section, or the collapsed "Raw" one. */
interface Group {
  readonly title: string;
  readonly raw?: boolean;
  readonly rows: readonly Row[];
}

/**
 * The detail in reading order: the call decoded, its result or error, the events, the transfer's
 * facts; the raw EVM fields (signature, fee caps, nonce, bloom…) last, collapsed under "Raw".
 */
function detailGroups(r: ContractResultRow, c: Ctx): Group[] {
  const { unit } = c;
  return [
    { title: 'Call', rows: [['function_parameters', parametersValue(r, c)]] },
    {
      title: 'Result',
      rows: [
        ['result', plain(r.result)],
        ['status', plain(r.status === null ? null : `${r.status} (${r.status === '0x1' ? 'success' : 'failed'})`)],
        ['error_message', revertValue(r, c)],
        ['call_result', hexValue(r.callResult, 'call_result', c)],
      ],
    },
    { title: 'Events', rows: [['events', eventsValue(c.detail, () => c.post({ type: 'detail', key: r.key }))]] },
    { title: 'Call trace', rows: [['call_trace', traceValue(r, c)]] },
    {
      title: 'Transaction',
      rows: [
        [
          'timestamp',
          r.timestamp
            ? h('span', {}, shortTime(r.timestamp), h('span', { class: 'also' }, ` (${exactTimeTitle(r.timestamp)})`))
            : plain(null),
        ],
        ['from', addressValue(r.from, r.fromId, 'from', c)],
        [
          'to',
          r.to
            ? h('span', {}, hexValue(r.to, 'to', c), r.toId ? h('span', { class: 'entity' }, ' = ', r.toId) : null)
            : plain(null),
        ],
        ['contract_id', r.contractId ? contractLink(r.contractId, c) : plain(null)],
        [
          'created_contract_ids',
          r.createdContractIds.length === 0
            ? h('span', { class: 'none' }, 'none')
            : h('span', {}, ...r.createdContractIds.flatMap((id, i) => [i > 0 ? ', ' : null, contractLink(id, c)])),
        ],
        ['amount', moneyValue(r.amount, unit)],
        ['gas_used', plain(r.gasUsed)],
        ['gas_limit', plain(r.gasLimit)],
        ['block_number', plain(r.blockNumber)],
        ['transaction_index', plain(r.transactionIndex)],
        ['hash', hexValue(r.hash, 'hash', c)],
      ],
    },
    {
      title: 'Raw',
      raw: true,
      rows: [
        ['gas_price', moneyValue(r.gasPrice, unit)],
        ['max_fee_per_gas', moneyValue(r.maxFeePerGas, unit)],
        ['max_priority_fee_per_gas', moneyValue(r.maxPriorityFeePerGas, unit)],
        ['gas_consumed', plain(r.gasConsumed)],
        ['nonce', plain(r.nonce)],
        ['type', plain(r.type)],
        ['chain_id', hexValue(r.chainId, 'chain_id', c)],
        ['address', hexValue(r.address, 'address', c)],
        ['block_hash', hexValue(r.blockHash, 'block_hash', c)],
        ['block_gas_used', plain(r.blockGasUsed)],
        ['failed_initcode', hexValue(r.failedInitcode, 'failed_initcode', c)],
        ['access_list', hexValue(r.accessList, 'access_list', c)],
        ['bloom', hexValue(r.bloom, 'bloom', c)],
        ['v', plain(r.v)],
        ['r', hexValue(r.r, 'r', c)],
        ['s', hexValue(r.s, 's', c)],
        ...r.extra.map(e => [e.name, h('pre', { class: 'json' }, e.json)] as Row),
      ],
    },
  ];
}

function fieldList(rows: readonly Row[]): HTMLElement {
  const dl = h('dl', {});
  for (const [name, value] of rows)
    dl.append(h('dt', {}, name), h('dd', { attrs: { 'data-field': name } }, value ?? ''));
  return dl;
}

/** A group as a section with its heading, or the Raw group as a <details> (keyboard-operable, collapsed). */
function groupElement(g: Group, rawOpen: boolean, onRawToggle: (open: boolean) => void): HTMLElement {
  if (!g.raw)
    return h('section', { class: 'group', attrs: { 'data-group': g.title } }, h('h3', {}, g.title), fieldList(g.rows));
  const details = h(
    'details',
    { class: 'group raw', attrs: { 'data-group': g.title } },
    h('summary', { title: 'The EVM transaction’s raw fields' }, `${g.title} (${g.rows.length} fields)`),
    fieldList(g.rows),
  );
  details.open = rawOpen;
  details.addEventListener('toggle', () => onRawToggle(details.open));
  return details;
}

export interface DetailView {
  readonly element: HTMLElement;
  /** The index of the row shown, or -1. */
  readonly selected: number;
  open(row: ContractResultRow, index: number): void;
  /** Renders the open row again (after a unit change). */
  refresh(): void;
  /** The host's answer for a row's detail (its events): kept, and shown if that row is open. */
  setDetail(key: string, detail: ContractResultDetailText): void;
  /** Forgets the details kept (the rows were replaced). */
  clearDetails(): void;
  close(refocus: boolean): void;
}

export function createDetail(o: {
  readonly post: (message: ContractResultsToHost) => void;
  readonly copy: CopyRequest;
  readonly unit: () => AmountUnit;
  readonly filterFrom: (id: string) => void;
  readonly hashscan: () => boolean;
  /** The detail closed; `index` is the row it showed, to refocus. */
  readonly onClosed: (index: number, refocus: boolean) => void;
}): DetailView {
  const element = h('section', {
    id: 'detail',
    class: 'detail',
    attrs: { 'aria-label': 'Contract result detail', hidden: '' },
  });
  let shown: { row: ContractResultRow; index: number } | undefined;
  // What the host answered per row key; a row opened again is not fetched again.
  const details = new Map<string, ContractResultDetailText>();
  // What the user opened in each row's call trace (forgotten with the details).
  const traceMemory = new Map<string, TraceMemory>();
  const memoryOf = (key: string): TraceMemory => {
    let memory = traceMemory.get(key);
    if (!memory) traceMemory.set(key, (memory = {}));
    return memory;
  };
  const ctx = (r: ContractResultRow): Ctx => ({
    post: o.post,
    copy: o.copy,
    unit: o.unit(),
    filterFrom: o.filterFrom,
    detail: details.get(r.key),
    hashscan: o.hashscan(),
    traceMemory: memoryOf(r.key),
  });
  // Whether the user opened Raw: kept while rows are opened and the unit changes.
  let rawOpen = false;
  const render = (r: ContractResultRow): void => {
    const groups = detailGroups(r, ctx(r)).map(g => groupElement(g, rawOpen, open => (rawOpen = open)));
    element.replaceChildren(
      h(
        'div',
        { class: 'detail-head' },
        h('h2', { tabIndex: -1 }, `Contract result ${r.timestamp ?? ''}`),
        button({
          id: 'close-detail',
          label: 'Close',
          appearance: 'secondary',
          title: 'Close (Escape)',
          onClick: () => view.close(true),
        }).element,
      ),
      ...groups,
    );
  };
  const view: DetailView = {
    element,
    get selected() {
      return shown ? shown.index : -1;
    },
    open(row, index) {
      shown = { row, index };
      const known = details.get(row.key);
      const traceFailed = known?.status === 'loaded' && known.trace?.status === 'failed';
      if (!known || known.status === 'failed' || traceFailed) o.post({ type: 'detail', key: row.key });
      render(row);
      element.hidden = false;
      element.querySelector<HTMLElement>('h2')?.focus();
    },
    refresh() {
      if (shown) render(shown.row);
    },
    setDetail(key, detail) {
      details.set(key, detail);
      if (shown?.row.key !== key) return;
      // Only the fields the answer changes, so the focus stays where it is.
      const rows = new Map(detailGroups(shown.row, ctx(shown.row)).flatMap(g => g.rows));
      for (const name of ['function_parameters', 'events', 'call_trace']) {
        const dd = element.querySelector(`dd[data-field="${name}"]`);
        dd?.replaceChildren(rows.get(name) || '');
      }
    },
    clearDetails() {
      details.clear();
      traceMemory.clear();
    },
    close(refocus) {
      const was = shown;
      shown = undefined;
      element.hidden = true;
      element.replaceChildren();
      if (was) o.onClosed(was.index, refocus);
    },
  };
  element.addEventListener('keydown', e => {
    if (e.key === 'Escape') {
      e.preventDefault();
      view.close(true);
    }
  });
  return view;
}
