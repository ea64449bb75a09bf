// What the debug feature loads with its first use (its own file, dist/lazy-debug.js): the adapter,
// the loader and the input, so that the extension's start carries only the registrations.
export { LedgerLensDebugSession } from '../../debug/adapter/session';
export { DebugLoader } from './loader';
export { askTransaction, debugTarget, launchConfiguration } from './start';
