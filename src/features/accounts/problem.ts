// A failed account load in the words the user needs: a short title and the server's own message.
// Pure (no vscode).
import { MirrorError, MirrorInputError } from '../../mirror';

export interface Problem {
  /** Short: the node's description. */
  readonly title: string;
  /** The server's own words where it gave any. */
  readonly detail: string;
  readonly status?: number;
}

/** A failure in the words the user needs: what happened, and the server's own message. */
export function describeProblem(e: unknown, network: string): Problem {
  if (e instanceof MirrorInputError) return { title: 'Refused before sending', detail: e.message };
  if (e instanceof MirrorError) {
    const server = e.messages.length > 0 ? e.messages.join('; ') : e.message;
    switch (e.kind) {
      case 'http':
        if (e.status === 404) return { title: `Not found on ${network}`, detail: server, status: 404 };
        if (e.status === 429) return { title: 'Rate limited (429)', detail: server, status: 429 };
        if (e.status >= 500) return { title: `Mirror node error (${e.status})`, detail: server, status: e.status };
        return { title: `Refused (${e.status})`, detail: server, status: e.status };
      case 'timeout':
        return { title: 'Timed out', detail: e.message };
      case 'network':
        return { title: 'Cannot reach the mirror node', detail: e.message };
      case 'invalid-response':
        return { title: 'Unusable answer', detail: e.message };
      case 'aborted':
        return { title: 'Cancelled', detail: e.message };
    }
  }
  return { title: 'Failed', detail: e instanceof Error ? e.message : String(e) };
}
