// The call trace of a contract transaction: read from the mirror node's `/actions`, arranged as a
// tree, its parties named in the workspace's terms, its calls and results decoded. Pure: no vscode.
export type { CallTrace, FrameResult, TraceFrame, TraceParty } from './types';
export {
  ACTIONS_PAGE_LIMIT,
  DEFAULT_MAX_ACTIONS,
  endsEarly,
  loadActions,
  type ActionsClient,
  type LoadActionsOptions,
  type LoadedActions,
} from './load';
export {
  ContractCodes,
  ContractCodesByNetwork,
  codeKey,
  isSystemParty,
  matchParty,
  nameParty,
  partyKey,
  type CodeBook,
  type ContractCodesOptions,
  type ContractSource,
  type NamingContext,
  type PartyRef,
} from './names';
export { buildCallTrace, buildCallTraceSliced, type TraceContext } from './tree';
export { ONE_LINER_MAX, framesInOrder, pathTo, traceOneLiner, traceText } from './text';
export {
  TraceStore,
  normalizeTransactionKey,
  type TokenSourceForTrace,
  type TraceDeps,
  type TraceStoreOptions,
} from './store';
