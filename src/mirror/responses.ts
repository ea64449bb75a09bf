// From a raw answer to what the client returns: the body parsed losslessly and checked by its
// schema, or a non-2xx answer turned into a MirrorError carrying the server's own words (message,
// detail, data). Pure.
import { STATUS_CODES } from 'http';
import * as z from '../zod';
import { MirrorError, type ServerMessage } from './errors';
import { parseLossless } from './lossless';
import { schemas } from './lazySchemas';
import type { RawResponse } from './transport';

/** Any zod schema (mini or classic: both share zod's core) whose output is an object. */
export type Schema = z.core.$ZodType<object>;

export function validate(response: RawResponse, schema: Schema): object {
  let json: unknown;
  try {
    json = parseLossless(response.text);
  } catch (error) {
    throw new MirrorError(
      'invalid-response',
      response.status,
      [],
      response.url,
      `The mirror node sent malformed JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const parsed = z.safeParse(schema, json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the body';
    throw new MirrorError(
      'invalid-response',
      response.status,
      [],
      response.url,
      `The mirror node's response has an unexpected shape at ${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
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
      : `The mirror node answered HTTP ${response.status}${STATUS_CODES[response.status] ? ` ${STATUS_CODES[response.status]}` : ''}`;
  return new MirrorError('http', response.status, messages, response.url, message, entries);
}
