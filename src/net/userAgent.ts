// `User-Agent: LedgerLens/<version>`. The default is the version in package.json (a unit test keeps
// them equal, so the bundle need not carry package.json); the composition root may pass its own.
export const PRODUCT = 'LedgerLens';
export const BUILD_VERSION = '0.1.0';

export function userAgent(version: string = BUILD_VERSION): string {
  // A header value: keep to the token characters so a stray version string cannot break the line.
  const v = version.replace(/[^\w.+-]/g, '') || BUILD_VERSION;
  return `${PRODUCT}/${v}`;
}
