// The one handle a panel has on VS Code: acquired once, typed by the panel's protocol. The
// webview's state (setState) survives hiding the panel and, through the serializer, a reload.

interface RawApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): RawApi;

export interface HostConnection<ToHost, State> {
  post(message: ToHost): void;
  /** The saved state, unvalidated: it may come from an older version of the panel. */
  savedState(): unknown;
  saveState(state: State): void;
}

let api: RawApi | undefined;

export function connectToHost<ToHost, State>(): HostConnection<ToHost, State> {
  // acquireVsCodeApi may be called only once per page.
  api ??= acquireVsCodeApi();
  const raw = api;
  return {
    post: message => raw.postMessage(message),
    savedState: () => raw.getState(),
    saveState: state => raw.setState(state),
  };
}

/** The first state the host inlined into the page (html.ts), unvalidated. */
export function initialState(): unknown {
  const el = document.getElementById('initial-state');
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as unknown;
  } catch {
    return undefined;
  }
}
