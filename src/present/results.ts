// A transaction's result as every surface says it: SUCCESS is a success, any other code a failure
// (the code itself is kept for the tooltip and the accessible name). Pure.

export type ResultState = 'success' | 'failure';

/** Success or failure of a result code; undefined when there is none. */
export function resultState(result: string | null | undefined): ResultState | undefined {
  if (result === null || result === undefined || result === '') return undefined;
  return result === 'SUCCESS' ? 'success' : 'failure';
}

/** The word a badge shows: `Success`, `Failed`. */
export function resultWord(state: ResultState): string {
  return state === 'success' ? 'Success' : 'Failed';
}
