// A failure as a detail panel shows it: our sentence, then the server's own words.
import { MirrorError } from '../../../mirror';
import type { DetailView } from '../../../../webview/protocol';

export function errorView(title: string, network: string, e: unknown): DetailView {
  if (e instanceof MirrorError) {
    const message =
      e.status === 404
        ? `Not found on ${network}.`
        : e.kind === 'http'
          ? `The mirror node of ${network} answered ${e.status}.`
          : e.message;
    return { status: 'error', title, network, message, serverMessages: e.messages };
  }
  return { status: 'error', title, network, message: e instanceof Error ? e.message : String(e), serverMessages: [] };
}
