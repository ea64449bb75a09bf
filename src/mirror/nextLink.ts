// Where a `links.next` value leads: resolved against the mirror node the client talks to, and
// refused unless it stays there (same origin, under the node's /api/v1). A link is network text:
// following one elsewhere would send the user's requests to a host the server named.
import { MirrorError } from './errors';

/**
 * The absolute URL of `link` on the mirror node at `origin` (whose API lives under `prefix` +
 * `/api/v1`); a MirrorError when it is not a URL or leaves the node.
 */
export function resolveNextLink(link: string, origin: string, prefix: string): string {
  let path = link;
  if (path.startsWith('/') && prefix && !path.startsWith(prefix + '/')) path = prefix + path;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    throw new MirrorError('invalid-response', 200, [], link, `The next-page link is not a URL: ${link.slice(0, 200)}`);
  }
  if (url.origin !== origin || !url.pathname.startsWith(prefix + '/api/v1/')) {
    throw new MirrorError(
      'invalid-response',
      200,
      [],
      url.href,
      `The next-page link leaves the mirror node (${url.origin}${url.pathname}); it is not followed`,
    );
  }
  return url.href;
}
