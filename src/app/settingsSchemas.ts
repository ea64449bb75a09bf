// The settings' zod schemas, loaded by settings.ts for the first value that is not its default (so
// activation with default settings loads no zod), each made on its first use and then shared: a
// parse runs at activation and again on each change, and making a schema costs more than using it.
import { NETWORKS } from '../ledger';
import { once } from '../util/once';
import * as z from '../zod';

const httpUrl = once(() =>
  z.string().check(
    z.trim(),
    z.refine(s => {
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, 'must be an http:// or https:// URL without credentials'),
  ),
);

export const settingsSchemas = {
  network: once(() => z.enum(['auto', ...NETWORKS])),
  scheme: once(() => z.enum(['https', 'http'])),
  httpUrl,
  bool: once(() => z.boolean()),
  /** A whole number; each setting's bounds are checked by the caller, with the bounds in its message. */
  int: once(() => z.int()),
  strings: once(() => z.array(z.string())),
  globList: once(() => z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))).check(z.maxLength(100))),
  /** An account entry: an id, or `{ id, label? }`; both become `{ id, label? }`. */
  accountEntry: once(() =>
    z.union([
      z.pipe(
        z.string().check(z.trim(), z.minLength(1)),
        z.transform((id: string) => ({ id })),
      ),
      z.pipe(
        z.object({ id: z.string().check(z.trim(), z.minLength(1)), label: z.optional(z.string().check(z.trim())) }),
        z.transform((o: { id: string; label?: string }) => (o.label ? { id: o.id, label: o.label } : { id: o.id })),
      ),
    ]),
  ),
};
