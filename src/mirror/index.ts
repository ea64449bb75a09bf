// TEMPORARY STUB (replaced by the mirror client work): the public surface, so the rest compiles.
export interface RequestOutcome {
  readonly kind: 'ok' | 'client-error' | 'server-error' | 'network-error' | 'aborted';
  readonly url: string;
  readonly status?: number;
  readonly message: string;
}
export interface MirrorClientOptions {
  readonly baseUrl: string;
  readonly timeoutMs?: number;
  readonly maxRequestsPerSecond?: number;
  readonly onOutcome?: (outcome: RequestOutcome) => void;
}
export interface MirrorClient {
  readonly baseUrl: string;
  dispose(): void;
}
export function createMirrorClient(options: MirrorClientOptions): MirrorClient {
  return { baseUrl: options.baseUrl, dispose: () => undefined };
}
