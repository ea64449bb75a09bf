// Notification text from untrusted words (a server's error message, pasted input). VS Code turns
// `[label](command:…)`, `(https:…)` and `(file:…)` in a notification into live links, so a hostile
// mirror node could offer a click that runs a command. Separating `]` from `(` keeps every word
// readable and leaves no link. Pure (no vscode).
import { MirrorError } from '../../../mirror';

/** The text with no `[label](target)` link syntax left. */
export function notificationText(text: string): string {
  return text.replace(/\]\(/g, '] (');
}

/** A failed request in words: the status, then the server's own (never as live links). */
export function failureMessage(error: unknown, network: string): { message: string; serverMessages: string[] } {
  if (error instanceof MirrorError) {
    const serverMessages = [...error.messages];
    const head = error.kind === 'http' ? `The mirror node of ${network} answered ${error.status}` : error.message;
    const message = serverMessages.length > 0 ? `${head}: ${serverMessages.join('; ')}` : head;
    return { message: notificationText(message), serverMessages };
  }
  return { message: notificationText(error instanceof Error ? error.message : String(error)), serverMessages: [] };
}
