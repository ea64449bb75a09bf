// The revert site in the editor: the workspace's compiler-output index (kept for the trace session,
// scanned only once a panel first asks for it), "Open revert site" from the panels' site links, the
// read-only compiled text, and the revert marks drawn after the reverting lines. Loaded on the turn
// after activation, small: it only waits for the trace session to be made (services.trace) to
// draw its marks, and for its index to be asked for to scan.
import { feature } from '../manifest';
import type * as Sources from './index';

/** The scheme of the compiled text's read-only documents (compiledUri.ts builds their addresses). */
export const COMPILED_SCHEME = 'ledger-lens-compiled';

export const manifest = feature({
  name: 'sources',
  start: 'afterActivation',
  commands: ['ledgerLens.openRevertSite'],
  documents: { scheme: COMPILED_SCHEME, provider: (f: Sources.SourcesFeature) => f.compiledDocuments },
  settings: c => ({ compilerOutput: c.trace.compilerOutput, decorations: c.trace.decorations }),
  load: (host, { services, settings }) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (src/lazyFeature.ts)
    (require('./index') as typeof Sources).registerSources(host, {
      trace: {
        session: () => services.trace,
        madeSession: () => services.traceIfMade,
        onDidMakeSession: services.onDidMakeTrace,
        keepSources: (open, files) => services.keepTraceSources(open, files),
      },
      settings,
      log: services.log,
    }),
});
