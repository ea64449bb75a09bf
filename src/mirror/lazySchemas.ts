// The response schemas are built on the first request, not when the extension loads: building
// a few hundred zod schemas is a measurable part of activation, and nothing needs them before a
// mirror node answers. A value import of './schemas' anywhere in src/ (types are fine) would make
// esbuild build them at startup again; test/unit/mirror/lazySchemas.test.ts checks there is none.
import type * as Schemas from './schemas';

let loaded: typeof Schemas | undefined;

/** The schemas module, loaded on first use. */
export function schemas(): typeof Schemas {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  loaded ??= require('./schemas') as typeof Schemas;
  return loaded;
}
