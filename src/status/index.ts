// TEMPORARY STUB (replaced by the status client work): the public surface, so the rest compiles.
export interface StatusClientOptions {
  readonly baseUrl: string;
  readonly timeoutMs?: number;
}
export interface StatusClient {
  readonly baseUrl: string;
  dispose(): void;
}
export function createStatusClient(options: StatusClientOptions): StatusClient {
  return { baseUrl: options.baseUrl, dispose: () => undefined };
}
