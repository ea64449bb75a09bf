// The grid's columns and the money cells they share with the detail: every value as text, a
// monetary one in the current unit with `data-exact` holding its digits without grouping. Each
// cell a narrow pane may cut with an ellipsis carries its whole value as its tooltip; the columns
// the stylesheet hides by width (panel.css) are in the row's detail.
import { NONE, shorten } from '../../src/present/text';
import { resultState } from '../../src/present/results';
import { exactTimeTitle, shortTime } from '../../src/present/time';
import type { Column } from '../components/grid';
import type { AmountUnit, BigintString, ContractResultRow } from '../protocol';
import { h } from '../shared/dom';
import { displayAmount } from './units';

/** A monetary value with its unit. */
export function money(tinybars: BigintString | null, unit: AmountUnit): HTMLElement {
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

/** Rewrites a cell made by money() for another unit, touching only its text. */
function updateMoney(tinybars: BigintString | null, unit: AmountUnit, cell: HTMLElement): void {
  const value = cell.querySelector<HTMLElement>('.value');
  const unitEl = cell.querySelector<HTMLElement>('.unit');
  const d = displayAmount(tinybars, unit);
  if (!d || !value || !unitEl) return;
  value.textContent = d.text;
  value.dataset['exact'] = d.exact;
  unitEl.textContent = d.unit;
}

/** A long hex value cut to its head and tail: `0x123456…abcdef`. */
export function shortHex(hex: string | null): string {
  return hex ? shorten(hex, 8, 6) : NONE;
}

/** An account cell: its `0.0.x` or the address cut short; the whole address as the cell's tooltip. */
function renderAccount(address: string | null, id: string | null, cell: HTMLTableCellElement): void {
  if (!address) {
    cell.textContent = NONE;
    return;
  }
  cell.textContent = id ?? shortHex(address);
  cell.title = id ? `${id} · ${address}` : address;
}

export function statusText(r: ContractResultRow): string {
  const ok = r.status === '0x1' ? 'success' : r.status === '0x0' ? 'failed' : (r.status ?? '');
  return r.result ? `${r.result} (${ok})` : ok || NONE;
}

/** Success or failure: the EVM status first (`0x1`), else the result code. */
export function resultStateOf(r: ContractResultRow): 'success' | 'failure' | undefined {
  if (r.status === '0x1') return 'success';
  if (r.status === '0x0') return 'failure';
  return resultState(r.result);
}

/** The columns whose cells change with the unit. */
export const MONEY_COLUMNS = ['amount', 'gasPrice'];

function text(
  id: string,
  width: string,
  header: string,
  value: (r: ContractResultRow) => string | null,
): Column<ContractResultRow> {
  return {
    id,
    width,
    header,
    numeric: true,
    render: (r, c) => {
      c.textContent = value(r) ?? NONE;
      c.title = c.textContent;
    },
  };
}

/** The whole amount with its unit, as the money cell's tooltip (the cell may be cut in a narrow pane). */
function moneyTitle(tinybars: BigintString | null, unit: AmountUnit, cell: HTMLElement): void {
  const d = displayAmount(tinybars, unit);
  cell.title = d ? `${d.text} ${d.unit}` : 'no value';
}

function moneyColumn(
  id: string,
  header: string,
  value: (r: ContractResultRow) => BigintString | null,
  unit: () => AmountUnit,
): Column<ContractResultRow> {
  return {
    id,
    width: '36ch',
    header,
    numeric: true,
    render: (r, c) => {
      c.append(money(value(r), unit()));
      moneyTitle(value(r), unit(), c);
    },
    update: (r, c) => {
      updateMoney(value(r), unit(), c);
      moneyTitle(value(r), unit(), c);
    },
  };
}

/** The grid's columns; money cells follow `unit()`. */
export function resultColumns(unit: () => AmountUnit): Column<ContractResultRow>[] {
  return [
    {
      id: 'timestamp',
      width: '24ch',
      header: 'Time',
      // The date as every surface writes it; exact to the nanosecond, and raw, in the tooltip.
      render: (r, c) => {
        c.textContent = r.timestamp ? shortTime(r.timestamp) : NONE;
        if (r.timestamp) c.title = exactTimeTitle(r.timestamp);
      },
    },
    { id: 'from', width: '18ch', header: 'From', render: (r, c) => renderAccount(r.from, r.fromId, c) },
    { id: 'to', width: '18ch', header: 'To', render: (r, c) => renderAccount(r.to, r.toId, c) },
    {
      id: 'contract',
      width: '12ch',
      header: 'Contract',
      render: (r, c) => {
        c.textContent = r.contractId ?? NONE;
        c.title = c.textContent;
      },
    },
    {
      id: 'result',
      width: '22ch',
      header: 'Result',
      // An icon and the result code, the whole words (code and EVM status) as its tooltip and
      // accessible name: not colour alone, and short enough for a narrow pane.
      render: (r, c) => {
        const words = statusText(r);
        const state = resultStateOf(r);
        c.replaceChildren(
          ...(state
            ? [h('span', { class: 'result-icon', attrs: { 'aria-hidden': 'true' } }, state === 'success' ? '✓ ' : '✕ ')]
            : []),
          r.result ?? words,
        );
        c.title = words;
        c.setAttribute('aria-label', `Result: ${words}`);
        c.classList.toggle('failed', state === 'failure');
      },
    },
    moneyColumn('amount', 'Amount', r => r.amount, unit),
    text('gas', '19ch', 'Gas used / limit', r => `${r.gasUsed ?? NONE} / ${r.gasLimit ?? NONE}`),
    moneyColumn('gasPrice', 'Gas price', r => r.gasPrice, unit),
    text('block', '10ch', 'Block', r => r.blockNumber),
    text('index', '8ch', 'Tx index', r => r.transactionIndex),
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
}
