// Command arguments: a tree node (anything with a `target`), or a bare target from a hover link.
// Hover links are URIs, so their arguments are validated like any other boundary input.
import * as z from '../../zod';
import type { EntityTarget } from '../../ledger';

const targetSchema = z.object({
  kind: z.enum(['account', 'contract', 'token', 'topic', 'schedule', 'transaction', 'block']),
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  evmAddress: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
});

/** The target a command was invoked on, or undefined if the argument is not one. */
export function targetOf(arg: unknown): EntityTarget | undefined {
  const candidate = arg !== null && typeof arg === 'object' && 'target' in arg ? arg.target : arg;
  const r = targetSchema.safeParse(candidate);
  if (!r.success) return undefined;
  const { kind, id, evmAddress } = r.data;
  return evmAddress ? { kind, id, evmAddress } : { kind, id };
}
