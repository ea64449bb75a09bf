// The one zod every boundary schema of the extension uses: zod's functional build (`zod/mini`, the
// same v4 core without the method-chaining classes: ~20 KB in the bundle against ~440 KB for
// classic `zod`), with the English messages classic `zod` loads by itself, so a user reads the same
// words ("Invalid input: expected string, received number"). Import `z` from here, never from
// 'zod' or 'zod/mini' directly: the messages are configured by importing this module.
// How to write a schema in this style: /README.md, "Dependencies" (and zod's own mini docs).
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };
