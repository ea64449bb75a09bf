// The panel's state: the connection to the host, what it restores after a reload (the newer of the
// saved and the inlined state), and what it saves (filters and unit: the rows are re-read).
import {
  EMPTY_CONTRACT_RESULTS_FILTERS,
  type AmountUnit,
  type ContractResultRow,
  type ContractResultsFilters,
  type ContractResultsPanelState,
  type ContractResultsToHost,
} from '../protocol';
import { connectToHost, initialState } from '../shared/vscodeApi';
import { stateValidator } from './validators';

export const host = connectToHost<ContractResultsToHost, ContractResultsPanelState>();

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
  return { filters: EMPTY_CONTRACT_RESULTS_FILTERS, unit: 'tinybar', network };
}

const restored = restore();

export const state: {
  unit: AmountUnit;
  filters: ContractResultsFilters;
  rows: ContractResultRow[];
  readonly network: string;
} = { unit: restored.unit, filters: restored.filters, rows: [], network: restored.network };

export function save(): void {
  host.saveState({ filters: state.filters, unit: state.unit });
}
