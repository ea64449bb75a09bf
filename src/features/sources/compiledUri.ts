// The address of a compiled source's text, shown read-only when the workspace file has changed
// since it was compiled (pure: no vscode): `ledger-lens-compiled:/contracts/Vault.sol?site=s1f`.
// The path is the source name (the editor's tab reads `Vault.sol`); the query holds the key of the
// revert site the text was opened for, the only thing the document provider trusts: the site's
// compiled contract says which compilation's text to show.
import { sourcePathSegments } from './paths';
import { COMPILED_SCHEME } from './manifest';

export { COMPILED_SCHEME };

/** A key as SiteRegistry issues them: `s` and a base-36 counter. */
const SITE_KEY = /^s[0-9a-z]{1,12}$/;

export function isSiteKey(value: unknown): value is string {
  return typeof value === 'string' && SITE_KEY.test(value);
}

/** The path and query of the compiled text of `sourceName` opened for the site `key`. */
export function compiledAddress(sourceName: string, key: string): { readonly path: string; readonly query: string } {
  const segments = sourcePathSegments(sourceName);
  return { path: `/${segments ? segments.join('/') : 'compiled.sol'}`, query: `site=${key}` };
}

/** The site key and source name of a compiled text's address, or undefined when it is not one of ours. */
export function parseCompiledAddress(
  path: string,
  query: string,
): { readonly key: string; readonly sourceName: string } | undefined {
  const key = new URLSearchParams(query).get('site');
  const sourceName = path.replace(/^\/+/, '');
  if (!isSiteKey(key) || sourcePathSegments(sourceName) === undefined) return undefined;
  return { key, sourceName };
}

/**
 * The command's argument: a site key, or `{ key }` (a command link's JSON argument); anything else
 * is not a key.
 */
export function siteKeyOf(arg: unknown): string | undefined {
  if (isSiteKey(arg)) return arg;
  if (arg !== null && typeof arg === 'object' && 'key' in arg && isSiteKey(arg.key)) return arg.key;
  return undefined;
}
