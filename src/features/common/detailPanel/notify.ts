// A failed lookup in words for a notification: the one describer's sentence (the status, then the
// server's own words), made inert for a notification (no live `[x](command:…)` link).
// Pure (no vscode).
import { describeMirrorError } from '../../../present/errors';
import { forNotification } from '../../../present/text';

/** The notification text and the server's own messages (exact, for whoever lists them as text). */
export function failureMessage(error: unknown, network: string): { message: string; serverMessages: string[] } {
  const described = describeMirrorError(error, { network });
  return { message: forNotification(described.sentence), serverMessages: [...described.serverMessages] };
}
