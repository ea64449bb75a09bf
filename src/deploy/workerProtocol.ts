// The messages between the DeploymentFinder and its worker thread, checked on arrival on both
// sides (a message is only ever one of these; anything else is dropped). Pure.
import type { DiscoveryResult } from './types';

export interface DiskFile {
  readonly file: string;
  readonly fsPath: string;
}

export type DeployWorkerRequest =
  | { readonly type: 'discover'; readonly id: number; readonly files: readonly DiskFile[] }
  | { readonly type: 'cancel'; readonly id: number };

export type DeployWorkerReply =
  | { readonly id: number; readonly ok: true; readonly result: DiscoveryResult }
  | { readonly id: number; readonly ok: false; readonly error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

function isDiskFile(value: unknown): value is DiskFile {
  return isRecord(value) && typeof value.file === 'string' && typeof value.fsPath === 'string';
}

export function parseRequest(message: unknown): DeployWorkerRequest | undefined {
  if (!isRecord(message) || !isId(message.id)) return undefined;
  if (message.type === 'cancel') return { type: 'cancel', id: message.id };
  if (message.type !== 'discover' || !Array.isArray(message.files)) return undefined;
  const files: unknown[] = message.files;
  return files.every(isDiskFile) ? { type: 'discover', id: message.id, files } : undefined;
}

function isDiscoveryResult(value: unknown): value is DiscoveryResult {
  return (
    isRecord(value) &&
    Array.isArray(value.deployments) &&
    Array.isArray(value.problems) &&
    value.deployments.every(d => isRecord(d) && typeof d.address === 'string' && typeof d.label === 'string') &&
    value.problems.every(p => isRecord(p) && typeof p.file === 'string' && typeof p.message === 'string')
  );
}

export function parseReply(message: unknown): DeployWorkerReply | undefined {
  if (!isRecord(message) || !isId(message.id)) return undefined;
  if (message.ok === true)
    return isDiscoveryResult(message.result) ? { id: message.id, ok: true, result: message.result } : undefined;
  return message.ok === false && typeof message.error === 'string'
    ? { id: message.id, ok: false, error: message.error }
    : undefined;
}
