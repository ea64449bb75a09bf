// Whether a mirror node serves opcode traces, as learnt this session: a 501 is remembered per
// endpoint for a while (not for the editor's life: a local mirror node's operator can turn the
// opcode tracer on and restart it), and asks are spaced as the server's limit wants (about one
// opcode trace per second per client). Pure: the clock and the wait are given.

/** The least time between two opcode traces asked of one mirror node. */
export const OPCODES_GAP_MS = 1_000;

/** How long a 501 is taken as the endpoint's answer before it is asked again. */
export const NOT_SERVED_REMEMBERED_MS = 10 * 60_000;

export class OpcodesAvailability {
  private readonly refused = new Map<string, { readonly message: string; readonly at: number }>();
  private readonly last = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly gapMs = OPCODES_GAP_MS,
  ) {}

  /** Why `baseUrl` does not serve opcode traces, when it said so this session. */
  notServed(baseUrl: string): string | undefined {
    const refused = this.refused.get(baseUrl);
    if (refused === undefined) return undefined;
    if (this.now() - refused.at < NOT_SERVED_REMEMBERED_MS) return refused.message;
    this.refused.delete(baseUrl);
    return undefined;
  }

  remember(baseUrl: string, message: string): void {
    this.refused.set(baseUrl, { message, at: this.now() });
  }

  /** Resolves when `baseUrl` may be asked again (and counts the ask); rejects when `signal` aborts. */
  async turn(baseUrl: string, signal?: AbortSignal): Promise<void> {
    const last = this.last.get(baseUrl);
    const wait = last === undefined ? 0 : last + this.gapMs - this.now();
    this.last.set(baseUrl, this.now() + Math.max(0, wait));
    if (wait <= 0) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(done, wait);
      function done(): void {
        signal?.removeEventListener('abort', aborted);
        resolve();
      }
      function aborted(): void {
        clearTimeout(timer);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('cancelled'));
      }
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }
}
