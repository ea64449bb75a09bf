// A block record as text: the tree row of the Blocks view and every field for the block panel.
// Pure (no vscode).
import { formatGrouped, parseTimestamp } from '../../ledger';
import type { Block, BlocksResponse } from '../../mirror';
import { Pager, type PagerRules } from '../common/pager';
import { epochMs, exactTimeTitle, NONE, plainText, relativeAge, shortTime } from '../../present';
import type { DetailField, DetailSection } from '../../../webview/protocol';
import { revealInvisibles } from '../common/markdown';
import { timeField } from '../common/detailPanel/format';

export interface BlockRow {
  readonly label: string;
  readonly description: string;
  /** When the block started, `2023-02-16 09:33:21 UTC` (the tooltip's heading, the accessible name). */
  readonly date: string;
  readonly tooltip: string;
}

/** The most blocks a refresh leaves in the Blocks view (a block closes every ~2 s: 43,000 a day). */
export const BLOCKS_CAP = 500;

/**
 * The Blocks view's list: newest first, keyed by number; a refresh adds new blocks on top and,
 * past `cap` rows (or what the user loaded, if more), drops the oldest.
 */
export function blocksRules(cap = BLOCKS_CAP): PagerRules<Block, BlocksResponse, bigint> {
  return {
    rows: page => page.blocks,
    key: block => block.number.toString(),
    position: block => block.number,
    compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
    growOnRefresh: true,
    cap,
  };
}

/** The rows of the Blocks view's list alone (what the tests of its rules drive). */
export function blocksPager(cap = BLOCKS_CAP): Pager<Block, BlocksResponse, bigint> {
  return new Pager(blocksRules(cap));
}

/**
 * `#17`, described by `2 txs · 5 min ago`: what tells the newest blocks apart, as a block
 * explorer's list does. At the sidebar's default width (~300 px) a mainnet number (`#80123456`) and
 * the date (`2023-02-16 09:33:21 UTC`) fill the row alone, so the date heads the tooltip (and the
 * accessible name, and the panel) with the gas used and the exact start and end. `now` in ms since
 * the epoch (the view redraws on its refresh timer, so the age stays current while shown).
 */
export function blockRow(block: Block, now = Date.now()): BlockRow {
  const from = parseTimestamp(block.timestamp.from);
  const to = block.timestamp.to ? parseTimestamp(block.timestamp.to) : undefined;
  const date = from ? shortTime(from) : plainText(block.timestamp.from, 40);
  const ms = from ? epochMs(from) : undefined;
  const age = ms === undefined ? undefined : relativeAge(ms, now);
  const txs = `${formatGrouped(block.count)} tx${block.count === 1n ? '' : 's'}`;
  return {
    label: `#${block.number}`,
    description: age ? `${txs} · ${age}` : txs,
    date,
    tooltip: [
      `Block ${block.number} · ${date}`,
      `Transactions: ${formatGrouped(block.count)}`,
      `Gas used: ${block.gas_used === null || block.gas_used === undefined ? NONE : formatGrouped(block.gas_used)}`,
      `From: ${from ? exactTimeTitle(from) : block.timestamp.from}`,
      `To: ${to ? exactTimeTitle(to) : (block.timestamp.to ?? NONE)}`,
      `Hash: ${block.hash}`,
    ].join('\n'),
  };
}

export interface BlockFormatOptions {
  readonly localTime: (date: Date) => string;
  readonly hashscan: boolean;
}

/**
 * Every field of the block record: its number, time, transactions and gas first; the hashes and the
 * rest; the record file's name and an empty logs bloom under "More". A link to the previous block
 * and to its contract results.
 */
export function blockSection(block: Block, options: BlockFormatOptions): DetailSection {
  const summary: DetailField[] = [
    { label: 'Number', value: block.number.toString(), copy: block.number.toString() },
    timeField('Timestamp from', block.timestamp.from, options),
    { label: 'Transaction count', value: formatGrouped(block.count) },
    {
      label: 'Gas used',
      value: block.gas_used === null || block.gas_used === undefined ? NONE : formatGrouped(block.gas_used),
    },
  ].map(f => ({ ...f, place: 'summary' as const }));
  // A bloom of zeros (no contract logged anything) says nothing.
  const emptyBloom = !block.logs_bloom || /^(0x)?0*$/.test(block.logs_bloom);
  const fields: DetailField[] = [
    ...summary,
    { label: 'Hash', value: block.hash, mono: true, copy: block.hash },
    {
      label: 'Previous hash',
      value: block.previous_hash,
      mono: true,
      copy: block.previous_hash,
      // The genesis block's previous hash is all zeros: nothing to open.
      ...(/^(0x)?0*$/.test(block.previous_hash)
        ? { note: 'genesis' }
        : { action: { type: 'openBlock' as const, hashOrNumber: block.previous_hash } }),
    },
    timeField('Timestamp to', block.timestamp.to, options),
    {
      label: 'Size',
      value: block.size === null || block.size === undefined ? NONE : `${block.size.toLocaleString('en-US')} bytes`,
    },
    { label: 'HAPI version', value: block.hapi_version ?? NONE },
    { label: 'Name', value: revealInvisibles(block.name), mono: true, place: 'more' },
    {
      label: 'Logs bloom',
      value: block.logs_bloom ?? NONE,
      mono: true,
      ...(block.logs_bloom ? { copy: block.logs_bloom } : {}),
      ...(emptyBloom ? { place: 'more' as const } : {}),
    },
  ];
  return {
    id: `block-${block.number}`,
    title: `Block ${block.number}`,
    // A value the record lacks says nothing: it waits under "More".
    fields: fields.map(f => (f.value === NONE && !f.place ? { ...f, place: 'more' as const } : f)),
    tables: [],
    buttons: [
      {
        label: "Block's contract results",
        action: { type: 'openContractResults', blockNumber: block.number.toString() },
      },
      ...(options.hashscan
        ? [
            {
              label: 'Open in HashScan',
              action: { type: 'openInHashScan' as const, kind: 'block' as const, id: block.number.toString() },
            },
          ]
        : []),
    ],
  };
}
