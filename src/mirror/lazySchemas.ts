// The response schemas are built on the first request, not when the extension loads: building
// a few hundred zod schemas is a measurable part of activation, and nothing needs them before a
// mirror node answers. A value import of './schemas' anywhere in src/ (types are fine) would make
// esbuild build them at startup again; test/unit/mirror/lazySchemas.test.ts checks there is none.
import { once } from '../util/once';
import type * as Schemas from './schemas';

/** The schemas module, loaded on first use. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
export const schemas = once(() => require('./schemas') as typeof Schemas);
