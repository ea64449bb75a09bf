// From a raw answer to what the client returns: the body parsed losslessly and checked by its
// schema, or a non-2xx answer turned into a MirrorError carrying the server's own words (message,
// detail, data). No I/O; a large body is worked through in slices with a yield between them.
import { statusPhrase } from '../net/statusPhrases';
import type * as z from '../zod';
import { MirrorError, type ServerMessage } from './errors';
import { checkSliced, pacer, parseLosslessSliced, type Parsed } from './sliced';
import { schemas } from './lazySchemas';
import type { RawResponse } from './transport';
import { errorMessage } from '../util/errorMessage';

/** Any zod schema (mini or classic: both share zod's core) whose output is an object. */
export type Schema = z.core.$ZodType<object>;

/**
 * The body of a 2xx answer, parsed losslessly and checked by `schema`. A large body is handled a
 * slice at a time (see sliced.ts), so a body at the size cap does not hold the extension host's
 * thread for a second; `signal` stops that work between slices.
 */
export async function validate(response: RawResponse, schema: Schema, signal?: AbortSignal): Promise<object> {
  const pace = pacer(signal, () => new MirrorError('aborted', 0, [], response.url, 'The request was cancelled'));
  let parsed: Parsed;
  try {
    parsed = await parseLosslessSliced(response.text, pace);
  } catch (error) {
    if (error instanceof MirrorError) throw error;
    throw new MirrorError(
      'invalid-response',
      response.status,
      [],
      response.url,
      `The mirror node sent malformed JSON (${errorMessage(error)})`,
    );
  }
  const checked = await checkSliced(schema, parsed.value, parsed.large, pace);
  if (!checked.ok) {
    const { path, message } = checked.issue;
    const where = path.length > 0 ? path.map(String).join('.') : 'the body';
    throw new MirrorError(
      'invalid-response',
      response.status,
      [],
      response.url,
      `The mirror node's response has an unexpected shape at ${where}: ${message}`,
    );
  }
  // Every schema given here outputs an object (Schema says so); zod checked it.
  return checked.data as object;
}

export function httpError(response: RawResponse): MirrorError {
  let entries: ServerMessage[] = [];
  try {
    const body = schemas().ErrorBodySchema.safeParse(JSON.parse(response.text));
    if (body.success)
      entries = body.data._status.messages.map(m => ({
        message: m.message,
        ...(m.detail ? { detail: m.detail } : {}),
        ...(m.data ? { data: m.data } : {}),
      }));
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): described by its status below.
  }
  const messages = entries.map(m => m.message);
  const message =
    messages.length > 0
      ? messages.join('; ')
      : `The mirror node answered HTTP ${response.status}${statusPhrase(response.status) ? ` ${statusPhrase(response.status)}` : ''}`;
  return new MirrorError('http', response.status, messages, response.url, message, entries);
}
