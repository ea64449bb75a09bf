// A failure as a detail panel shows it: our sentence, then the server's own words listed apart.
import { describeMirrorError } from '../../../present/errors';
import type { DetailView } from '../../../../webview/protocol';

export function errorView(title: string, network: string, e: unknown): DetailView {
  const d = describeMirrorError(e, { network });
  // The server's words are listed under the sentence, so the sentence stops at the status.
  const message =
    d.kind === 'not-found'
      ? `${d.text}.`
      : d.status >= 400
        ? `The mirror node of ${network} answered ${d.status}.`
        : d.sentence;
  return { status: 'error', title, network, message, serverMessages: d.serverMessages };
}
