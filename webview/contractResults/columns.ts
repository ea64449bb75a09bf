// The grid's columns and the money cells they share with the detail: every value as text, a
// monetary one in the current unit with `data-exact` holding its digits without grouping. The
// essential cells (time, from, to, result, amount) are short enough to show whole in the narrow
// layouts of panel.css; each cell still carries its whole value as its tooltip, for the values
// beyond those layouts (a weibar amount of 28 digits or more in a 410 px grid). The columns the
// stylesheet hides by width are in the row's detail.
import { shortHex as rowHex } from '../../src/present/hex';
import { NONE, shorten } from '../../src/present/text';
import { resultState, resultWord } from '../../src/present/results';
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

/**
 * An account cell: its `0.0.x`, or the address cut in its middle as the sidebar writes it
 * (`0xac38…2fec`, short enough for the two-line layout of a narrow pane); the whole address as the
 * cell's tooltip.
 */
function renderAccount(address: string | null, id: string | null, cell: HTMLTableCellElement): void {
  if (!address) {
    cell.textContent = NONE;
    return;
  }
  cell.textContent = id ?? rowHex(address);
  cell.title = id ? `${id} · ${address}` : address;
}

/**
 * The date (`2023-11-14 22:13:20`) and its ` UTC` apart, so that a narrow grid can drop the
 * suffix (its header then says UTC); the exact time to the nanosecond is the tooltip.
 */
function renderTime(timestamp: string | null, cell: HTMLTableCellElement): void {
  if (!timestamp) {
    cell.textContent = NONE;
    return;
  }
  const text = shortTime(timestamp);
  const utc = text.endsWith(' UTC') ? text.slice(0, -4) : undefined;
  if (utc === undefined) cell.textContent = text;
  else cell.append(utc, h('span', { class: 'utc' }, ' UTC'));
  cell.title = exactTimeTitle(timestamp);
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
      // Said in the header where the cells drop their " UTC" for width (panel.css).
      headerNote: ' (UTC)',
      // The date as every surface writes it; exact to the nanosecond, and raw, in the tooltip.
      render: (r, c) => renderTime(r.timestamp, c),
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
      width: '11ch',
      header: 'Result',
      // A badge: an icon and a word (not colour alone), the whole code and EVM status as its
      // tooltip and accessible name (and in the row's detail). A code like
      // CONTRACT_REVERT_EXECUTED would not fit a narrow pane whole; the word always does.
      render: (r, c) => {
        const words = statusText(r);
        const state = resultStateOf(r);
        c.replaceChildren(
          ...(state
            ? [
                h(
                  'span',
                  { class: 'result-icon', attrs: { 'aria-hidden': 'true' } },
                  state === 'success' ? '✓ ' : '✕ ',
                ),
                resultWord(state),
              ]
            : [words]),
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
