// The unit toggle's arithmetic, exact and local: the host sends tinybars (as decimal strings), and
// weibars are tinybars × 10^10, ℏ tinybars / 10^8, all in bigint. No DOM here (unit tested).
import { formatGrouped, formatTinybarsAsHbar, tinybarToWeibar } from '../../src/ledger/units';
import { NONE } from '../../src/present/text';
import type { AmountUnit, BigintString } from '../protocol';

export const UNIT_LABELS: Readonly<Record<AmountUnit, string>> = {
  tinybar: 'tinybar',
  weibar: 'weibar',
  hbar: 'ℏ',
};

export interface DisplayAmount {
  /** Grouped for reading: `200,000,000,000` or `0.00000020`. */
  readonly text: string;
  /** The exact value in the unit without grouping (what a test or a copy reads). */
  readonly exact: string;
  readonly unit: string;
}

/** The value in the unit: exact digits (tinybar, weibar) or ℏ with its eight decimals. */
export function convertTinybars(tinybars: bigint, unit: AmountUnit): DisplayAmount {
  switch (unit) {
    case 'tinybar':
      return { text: formatGrouped(tinybars), exact: tinybars.toString(), unit: UNIT_LABELS.tinybar };
    case 'weibar': {
      const weibars = tinybarToWeibar(tinybars);
      return { text: formatGrouped(weibars), exact: weibars.toString(), unit: UNIT_LABELS.weibar };
    }
    case 'hbar':
      return {
        text: formatTinybarsAsHbar(tinybars, { symbol: false }),
        exact: formatTinybarsAsHbar(tinybars, { symbol: false }).replace(/,/g, ''),
        unit: UNIT_LABELS.hbar,
      };
  }
}

/** A protocol amount (tinybars as a decimal string, or null for none) in the unit. */
export function displayAmount(tinybars: BigintString | null, unit: AmountUnit): DisplayAmount | null {
  return tinybars === null ? null : convertTinybars(BigInt(tinybars), unit);
}

export function amountText(tinybars: BigintString | null, unit: AmountUnit): string {
  const d = displayAmount(tinybars, unit);
  return d ? `${d.text} ${d.unit}` : NONE;
}
