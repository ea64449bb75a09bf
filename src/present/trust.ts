// What an untrusted workspace is told when Ledger Lens does not use its endpoint settings.

/** The endpoints in use instead of the workspace's. */
export interface EndpointsInUse {
  readonly mirrorBaseUrl: string;
  readonly statusUrl: string;
}

/** `a`, `a and b`, `a, b and c`. */
function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The one message for the ignored keys (full names, e.g. `ledgerLens.statusUrl`), naming the URL
 * used for each endpoint concerned; undefined when nothing is ignored.
 */
export function ignoredSettingsMessage(keys: readonly string[], used: EndpointsInUse): string | undefined {
  if (keys.length === 0) return undefined;
  const sorted = [...keys].sort();
  const urls: string[] = [];
  if (sorted.some(k => /\.(?:mirrorNodeUrls?|scheme)$/.test(k))) urls.push(used.mirrorBaseUrl);
  if (sorted.some(k => k.endsWith('.statusUrl'))) urls.push(used.statusUrl);
  const setting = sorted.length === 1 ? 'setting' : 'settings';
  return (
    `Ledger Lens ignores this workspace's ${setting} ${list(sorted)} because the workspace is not trusted; ` +
    `it uses ${list(urls)}.`
  );
}
