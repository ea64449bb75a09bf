// A failed account load as the Accounts view shows it: the short title (the node's description),
// the server's own words, and the HTTP status. The words are the presentation module's one
// describer; this only picks what the view shows. Pure (no vscode).
import { describeMirrorError } from '../../present';

export interface Problem {
  /** Short: the node's description. */
  readonly title: string;
  /** The server's own words where it gave any. */
  readonly detail: string;
  readonly status?: number;
}

/** A failure in the words the user needs: what happened, and the server's own message. */
export function describeProblem(e: unknown, network: string): Problem {
  const d = describeMirrorError(e, { network });
  return { title: d.text, detail: d.detail, ...(d.status ? { status: d.status } : {}) };
}
