// What the status item does about what a browser does not let it read (src/status/browserLimits.ts):
// a status page that does not allow this origin is given up for the mirror node's own health, and a
// mirror node on this machine that the browser blocks is explained. Each is logged once (per status
// page URL, per mirror host), not on every poll. Pure: no vscode.
import type { FeatureLog } from '../context';
import type { LocalHealth } from '../../status/local';
import { refusedByBrowser, statusPageRefused } from '../../status/browserLimits';
import { platform } from '../../util/platform';
import { errorMessage } from '../../util/errorMessage';

export class BrowserFallback {
  private refusedUrl: string | undefined;
  private readonly said = new Set<string>();

  constructor(private readonly log: Pick<FeatureLog, 'warn'>) {}

  /** The status page (its URL) the browser does not let us read; undefined when it can be read (or in Node). */
  get refused(): string | undefined {
    return this.refusedUrl;
  }

  /**
   * A check of the status page at `url` failed with `error`: true when the browser refused it
   * without saying why (CORS, most likely), from then on the page is given up until {@link retry}.
   */
  pageFailed(error: unknown, url: string): boolean {
    if (refusedByBrowser(error) === undefined) return false;
    this.refusedUrl = url;
    this.once(`page ${url}`, `status page: ${statusPageRefused(url)} (${platform().hostName}: ${errorMessage(error)})`);
    return true;
  }

  /** What the local snapshot says of a refused page, while the network shown has one (`covered`). */
  snapshotPart(covered: boolean): { readonly statusPageRefused?: string } {
    return covered && this.refusedUrl !== undefined ? { statusPageRefused: this.refusedUrl } : {};
  }

  /** The page changed, or the user asked to check again: it is asked once more (and not logged again). */
  retry(): void {
    this.refusedUrl = undefined;
  }

  /** Says once per mirror host what the user can do about a failure with a known cause. */
  mirrorHealth(host: string, health: LocalHealth): void {
    if (health.advice !== undefined) this.once(`mirror ${host}`, `mirror node at ${host}: ${health.advice}`);
  }

  private once(key: string, line: string): void {
    if (this.said.has(key)) return;
    this.said.add(key);
    this.log.warn(line);
  }
}
