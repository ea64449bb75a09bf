// Putting the evidence together, nearest first: the document's own SDK calls, then the workspace's
// configs from the document's folder upward, then testnet. Conflicts are carried to the answer so
// the user reads them; a skipped file is carried for the log.
import type { ConfigEvidence } from './evidence';
import type { Network } from '../ledger/networks';
import type { FileEvidence } from './source';

export const DEFAULT_NETWORK: Network = 'testnet';

export type AnswerSource = 'settings' | 'file' | 'workspace' | 'default';

/** Evidence that disagreed with itself, as said to the user. */
export interface Conflict {
  /** `this file`, or the workspace-relative path of a config. */
  readonly where: string;
  /** `Client.forMainnet() at line 3 and Client.forTestnet() at line 9 disagree`. */
  readonly text: string;
  /** The lines involved (1-based), for a diagnostic or a link. */
  readonly lines: readonly number[];
}

export interface NetworkAnswer {
  readonly network: Network;
  readonly source: AnswerSource;
  /** What decided it: `Client.forTestnet() at line 12`, `HEDERA_NETWORK in .env`, `settings`. */
  readonly reason: string;
  /** The decisive line (1-based), in the document (source `file`) or in `path` (source `workspace`). */
  readonly line?: number;
  /** The workspace-relative config that decided it (source `workspace`). */
  readonly path?: string;
  readonly conflicts: readonly Conflict[];
  /** Files not read, with why, for the output channel. */
  readonly skipped: ReadonlyArray<{ readonly path: string; readonly reason: string }>;
}

export interface InferenceInput {
  /** The document's own evidence; undefined for a language inference does not read. */
  readonly file?: FileEvidence;
  /** Config evidence, nearest and strongest first (see workspace.ts `nearestFirst`). */
  readonly configs: readonly ConfigEvidence[];
}

function at(what: string, line: number | undefined): string {
  return line === undefined ? what : `${what} at line ${line}`;
}

function joinDisagree(parts: readonly string[]): string {
  const list =
    parts.length <= 2 ? parts.join(' and ') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return `${list} disagree`;
}

/** The answer when `ledgerLens.network` names a network (not `auto`). */
export function settingsAnswer(network: Network): NetworkAnswer {
  return { network, source: 'settings', reason: 'settings', conflicts: [], skipped: [] };
}

export interface InferenceOptions {
  /**
   * An untrusted workspace: inference may name a public network, never a node on this machine.
   * Evidence of a local node is passed over (and said), and the next evidence decides.
   */
  readonly publicOnly?: boolean;
}

const NOT_TRUSTED = 'names a local node, not asked: the workspace is not trusted';

export function inferNetwork(input: InferenceInput, options: InferenceOptions = {}): NetworkAnswer {
  const conflicts: Conflict[] = [];
  const skipped: Array<{ path: string; reason: string }> = [];
  const file = input.file;
  if (options.publicOnly && file?.network === 'local' && file.call) {
    const { text, line } = file.call;
    conflicts.push({ where: 'this file', text: `${at(text, line)} ${NOT_TRUSTED}`, lines: [line] });
  } else if (file?.network !== undefined && file.call) {
    return {
      network: file.network,
      source: 'file',
      reason: at(file.call.text, file.call.line),
      line: file.call.line,
      conflicts,
      skipped,
    };
  }
  if (file?.conflict) {
    conflicts.push({
      where: 'this file',
      text: joinDisagree(file.conflict.map(c => at(c.text, c.line))),
      lines: file.conflict.map(c => c.line),
    });
  }
  for (const e of input.configs) {
    switch (e.kind) {
      case 'network':
        if (options.publicOnly && e.network === 'local') {
          const lines = e.claim.line === undefined ? [] : [e.claim.line];
          conflicts.push({
            where: e.path,
            text: `${at(e.claim.what, e.claim.line)} in ${e.path} ${NOT_TRUSTED}`,
            lines,
          });
          break;
        }
        return {
          network: e.network,
          source: 'workspace',
          reason: `${at(e.claim.what, e.claim.line)} in ${e.path}`,
          ...(e.claim.line === undefined ? {} : { line: e.claim.line }),
          path: e.path,
          conflicts,
          skipped,
        };
      case 'conflict':
        conflicts.push({
          where: e.path,
          text: `${joinDisagree(e.claims.map(c => at(c.what, c.line)))} in ${e.path}`,
          lines: e.claims.flatMap(c => (c.line === undefined ? [] : [c.line])),
        });
        break;
      case 'skipped':
        skipped.push({ path: e.path, reason: e.reason });
        break;
      case 'none':
        break;
    }
  }
  return { network: DEFAULT_NETWORK, source: 'default', reason: 'the default', conflicts, skipped };
}

/**
 * One line for a hover, a panel or the status bar's tooltip: `testnet · from Client.forTestnet()
 * at line 12`, `mainnet · from settings`, `testnet · by default (Client.forMainnet() at line 3 and
 * Client.forTestnet() at line 9 disagree)`.
 */
export function describeAnswer(answer: NetworkAnswer): string {
  const why = answer.source === 'default' ? 'by default' : `from ${answer.reason}`;
  const conflicts = answer.conflicts.length === 0 ? '' : ` (${answer.conflicts.map(c => c.text).join('; ')})`;
  return `${answer.network} · ${why}${conflicts}`;
}
