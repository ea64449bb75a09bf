// The one zod every boundary schema of the extension uses: zod's functional build (`zod/mini`, the
// same v4 core without the method-chaining classes: ~40 KB in the bundle against ~440 KB for
// classic `zod`), with the English messages classic `zod` loads by itself, so a user reads the same
// words ("Invalid input: expected string, received number"). Import it as `import * as z from
// '<path>/zod'`, never 'zod' or 'zod/mini' directly: the messages are configured by importing this
// module. Re-exported with `export *` (never the namespace object as a value) so that esbuild keeps
// only the functions used. How to write a schema this way: README, "Dependencies and footprint".
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export * from 'zod/mini';
