// How long a test waits for something to show: the time it takes on a quiet machine, times a
// patience factor. A wait is not a speed assertion (those are growth checks in the unit tests, and
// figures in `npm run bench`): a workbench on two busy cores takes several times longer to show a
// hover or a panel, and a test must not fail for that. A thing that never shows still fails, only
// later. LEDGER_LENS_PATIENCE overrides the factor (1 for a quick local run that may time out).

const DEFAULT_PATIENCE = 3;

function factor(): number {
  const set = Number(process.env['LEDGER_LENS_PATIENCE']);
  return Number.isFinite(set) && set > 0 ? set : DEFAULT_PATIENCE;
}

/** The patience factor in force. */
export const PATIENCE = factor();

/** `ms` (a wait on a quiet machine) scaled by the patience factor. */
export function patient(ms: number): number {
  return Math.round(ms * PATIENCE);
}
