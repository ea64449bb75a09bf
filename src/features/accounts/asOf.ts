// The as-of view in words: which moment the account is shown at, with which `timestamp` operator,
// and what the mirror node's answer then means. Pure (no vscode).
import { AS_OF_WORDS, asOfParam, type AsOfOperator } from '../../ledger';
import { consensusTime, shortTime } from '../../present';

export const AS_OF_CAVEAT =
  'A balance as of a past timestamp comes from the mirror node’s balance snapshots: it is accurate to within 15 minutes of that time.';
export const NONCE_CAVEAT =
  'The ethereum nonce as of a past timestamp may be inexact: the mirror node does not keep its full history.';
export const LATEST_CAVEAT =
  'The balance and details are the latest ones: only the transactions are limited to that time.';

/** `As of 2023-11-14 22:13:20 UTC`, `Before …`, `From …`: the view's heading (plain text). */
export function asOfHeading(asOf: string, operator: AsOfOperator = 'lte'): string {
  return `${AS_OF_WORDS[operator].heading} ${consensusTime(asOf)}`;
}

/** `as of 14 Nov 22:13`, `before …`: short, for a tree item's description. */
export function asOfShort(asOf: string, operator: AsOfOperator = 'lte'): string {
  return `${AS_OF_WORDS[operator].heading.toLowerCase()} ${shortTime(asOf)}`;
}

/** What the answer means with this operator: the snapshot caveats for a past state, else "latest". */
export function asOfCaveat(operator: AsOfOperator = 'lte'): string {
  return AS_OF_WORDS[operator].past ? `${AS_OF_CAVEAT} ${NONCE_CAVEAT}` : LATEST_CAVEAT;
}

/** The query sent, for the tooltip: `timestamp=lt:1700000000.000000000`. */
export function asOfQueryText(asOf: string, operator: AsOfOperator = 'lte'): string {
  return `timestamp=${asOfParam(operator, asOf)}`;
}

/** The transactions section's words for the limit: `to …` (lte), `before …`, `at …`, `from …`, `after …`. */
export function asOfRangeWords(asOf: string, operator: AsOfOperator = 'lte'): string {
  const word = operator === 'lte' ? 'to' : AS_OF_WORDS[operator].heading.toLowerCase();
  return `${word} ${consensusTime(asOf)}`;
}
