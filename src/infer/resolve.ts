// Putting the evidence together, nearest first: the document's own SDK calls, then the workspace's
// configs from the document's folder upward, then testnet. Conflicts are carried to the answer so
// the user reads them; a skipped file is carried for the log.
import type { ConfigEvidence } from './evidence';
import type { InferredNetwork } from './names';
import type { FileEvidence } from './source';

export const DEFAULT_NETWORK: InferredNetwork = 'testnet';

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
  readonly network: InferredNetwork;
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
export function settingsAnswer(network: InferredNetwork): NetworkAnswer {
  return { network, source: 'settings', reason: 'settings', conflicts: [], skipped: [] };
}

export function inferNetwork(input: InferenceInput): NetworkAnswer {
  const conflicts: Conflict[] = [];
  const skipped: Array<{ path: string; reason: string }> = [];
  const file = input.file;
  if (file?.network !== undefined && file.call) {
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

/**
 * The answer an untrusted workspace gets: inference may name a public network, never a node on this
 * machine. A `local` answer inferred from the code or the configs becomes the default, and says
 * why; `local` chosen in the settings stands (its URL is ours or the user's, never the workspace's).
 */
export function publicOnly(answer: NetworkAnswer): NetworkAnswer {
  if (answer.network !== 'local' || answer.source === 'settings') return answer;
  const where = answer.source === 'file' ? 'this file' : (answer.path ?? 'the workspace');
  return {
    network: DEFAULT_NETWORK,
    source: 'default',
    reason: 'the default',
    conflicts: [
      ...answer.conflicts,
      {
        where,
        text: `${answer.reason} names a local node, not asked: the workspace is not trusted`,
        lines: answer.line === undefined ? [] : [answer.line],
      },
    ],
    skipped: answer.skipped,
  };
}
