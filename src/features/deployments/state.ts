// The State group of a deployed contract: its storage read from the mirror node
// (`/contracts/{id}/state`, a page at a time up to a cap) and decoded with the storage layout of the
// workspace's compiler output for the code deployed there (found by runtime bytecode in the
// compiler-output index). Each deployment's reading is kept until refreshed; expands while it is
// on its way share it. "As of" a moment reads the state then and shows what changed since.
import { entityIdToLongZero, normalizeEvmAddress, parseEntityId } from '../../ledger';
import type { Network } from '../../ledger/networks';
import type { MirrorClient } from '../../mirror';
import { describeMirrorError } from '../../present';
import type { SourceIndexApi } from '../../source/api';
import type { StorageLayout } from '../../source/debugTypes';
import { decodeState, type DecodedState } from '../../source/stateDecode';
import { errorMessage } from '../../util/errorMessage';
import { MessageNode, type TreeNode } from '../common/nodes';
import type { FeatureLog } from '../context';
import type { KnownDeployment } from './model';
import { GroupNode } from './nodes';
import {
  ComparisonNode,
  STORAGE_LAYOUT_HOWTO,
  addSlots,
  parseMoment,
  stateChanges,
  stateRows,
  type LayoutAnswer,
  type StateSnapshot,
} from './stateRows';
import type { GroupLoader } from './tree';

/** Slots asked per page (the node's most), and pages read per reading: at most 1,000 slots. */
export const STATE_PAGE = 100;
export const MAX_STATE_PAGES = 10;
/** Most entries one decoding lists (mappings and arrays included). */
const MAX_DECODED_ENTRIES = 20_000;
/** Most candidate mapping keys given (the known addresses). */
const MAX_MAPPING_KEYS = 2_000;
export const RETRY_STATE = 'ledgerLens.retryDeploymentState';

export interface StateDeps {
  readonly clientFor: (network: Network) => MirrorClient;
  /** The workspace's compiler-output index, when one is kept. */
  readonly sources: () => SourceIndexApi | undefined;
  /** Candidate mapping keys: the deployments' and the configured accounts' addresses (0.0.x or 0x). */
  readonly knownAddresses: () => readonly string[];
  readonly changed: (node?: TreeNode) => void;
  readonly log: FeatureLog;
  readonly now?: () => number;
}

interface Layout {
  readonly answer: LayoutAnswer;
  readonly layout?: StorageLayout;
}

interface Entry {
  deployment: KnownDeployment;
  /** The State row it was last shown under (redrawn when the compiler output changes). */
  group?: GroupNode;
  current?: StateSnapshot;
  reading?: Promise<StateSnapshot>;
  failure?: string;
  layout?: Promise<Layout>;
  comparison?: ComparisonNode;
  controller: AbortController;
  /** The next reading skips the client's cache (a refresh asked for it). */
  reload: boolean;
}

export class StateLoader implements GroupLoader {
  private readonly entries = new Map<string, Entry>();
  /** The compiler-output index listened to: a compile may bring the layout a reading lacked. */
  private watched: { readonly sources: SourceIndexApi; readonly stop: () => void } | undefined;

  constructor(private readonly deps: StateDeps) {}

  async children(group: GroupNode): Promise<TreeNode[]> {
    const entry = this.entryOf(group.deployment);
    entry.group = group;
    const base = `deployment:${entry.deployment.key}:state`;
    if (entry.failure !== undefined && !entry.reading) return [this.failureRow(group, base, entry.failure)];
    try {
      const snap = await this.current(entry);
      return stateRows(group, base, snap, this.now(), entry.comparison);
    } catch (error) {
      return [this.failureRow(group, base, entry.failure ?? errorMessage(error))];
    }
  }

  /**
   * Reads the state at `moment` (a consensus timestamp or an ISO date and time) and shows each value
   * that changed since, before → now, first under State. Rejects with an Error in words when the
   * moment is not one or a reading fails (the command shows it).
   */
  async compareAsOf(group: GroupNode, moment: string): Promise<ComparisonNode> {
    const parsed = parseMoment(moment);
    if (!parsed.ok) throw new Error(parsed.message);
    const entry = this.entryOf(group.deployment);
    let now: StateSnapshot;
    let before: StateSnapshot;
    try {
      now = await this.current(entry);
      before = await this.read(entry, parsed.timestamp);
    } catch (error) {
      throw new Error(describeMirrorError(error, { network: entry.deployment.network }).sentence, { cause: error });
    }
    const cut =
      before.more || now.more
        ? `only the first ${(STATE_PAGE * MAX_STATE_PAGES).toLocaleString('en-US')} slots of each were compared`
        : undefined;
    const raw =
      !before.decoded || !now.decoded ? 'compared slot by slot: there is no storage layout to name them' : undefined;
    const note = [cut, raw].filter(Boolean).join('; ') || undefined;
    const base = `deployment:${entry.deployment.key}:state`;
    entry.comparison = new ComparisonNode(group, `${base}:asof`, parsed.timestamp, stateChanges(before, now), note);
    this.deps.changed(group);
    return entry.comparison;
  }

  /** Reads the deployment's state again (and its layout); the group redraws. */
  refresh(group: GroupNode): void {
    this.reset(group.deployment.key);
    this.entryOf(group.deployment).reload = true;
    this.deps.changed(group);
  }

  /** A failed reading's row (or the State row) was clicked: read again. */
  retry(arg: unknown): void {
    const node: unknown = arg instanceof MessageNode ? (arg.parent as unknown) : arg;
    if (node instanceof GroupNode && node.group === 'state') this.refresh(node);
  }

  /** Forgets one deployment's reading (or every one): the next expand reads again. */
  reset(key?: string): void {
    for (const [k, entry] of this.entries) {
      if (key !== undefined && k !== key) continue;
      entry.controller.abort();
      this.entries.delete(k);
    }
  }

  dispose(): void {
    this.watched?.stop();
    this.watched = undefined;
    this.reset();
  }

  /** Listens to the index `sources` (once): when it changes, readings without a layout are read again. */
  private watch(sources: SourceIndexApi): void {
    if (this.watched?.sources === sources) return;
    this.watched?.stop();
    const stop = sources.onDidChange(() => {
      for (const entry of this.entries.values()) {
        if (entry.current?.layout.kind !== 'missing') continue;
        entry.current = undefined;
        entry.layout = undefined;
        if (entry.group) this.deps.changed(entry.group);
      }
    });
    this.watched = { sources, stop };
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private entryOf(deployment: KnownDeployment): Entry {
    const known = this.entries.get(deployment.key);
    if (known) {
      // The key names the network and address: a new record of it reads the same storage.
      known.deployment = deployment;
      return known;
    }
    const entry: Entry = { deployment, controller: new AbortController(), reload: false };
    this.entries.set(deployment.key, entry);
    return entry;
  }

  private failureRow(group: GroupNode, base: string, problem: string): TreeNode {
    return new MessageNode(group, `${base}:failed`, 'Could not read the state', problem, {
      retry: { reason: 'state', command: RETRY_STATE },
    });
  }

  /** The current reading: kept, on its way (joined), or asked now. */
  private current(entry: Entry): Promise<StateSnapshot> {
    if (entry.current) return Promise.resolve(entry.current);
    if (entry.reading) return entry.reading;
    entry.failure = undefined;
    const reading = this.read(entry).then(
      snap => {
        if (this.entries.get(entry.deployment.key) === entry) entry.current = snap;
        return snap;
      },
      (error: unknown) => {
        const problem = describeMirrorError(error, { network: entry.deployment.network }).sentence;
        entry.failure = problem;
        this.deps.log.warn(`Contracts: state of ${entry.deployment.name} on ${entry.deployment.network}: ${problem}`);
        throw error;
      },
    );
    entry.reading = reading;
    const settle = () => {
      if (entry.reading === reading) entry.reading = undefined;
    };
    reading.then(settle, settle);
    return reading;
  }

  /** One reading: the layout (once per entry), the slots (capped), decoded. */
  private async read(entry: Entry, timestamp?: string): Promise<StateSnapshot> {
    const d = entry.deployment;
    const signal = entry.controller.signal;
    const cache = entry.reload ? ('reload' as const) : ('default' as const);
    // Read once per entry; a failure is not kept (the next reading asks again).
    const layoutPromise = (entry.layout ??= this.layoutOf(d, signal, cache));
    layoutPromise.catch(() => {
      if (entry.layout === layoutPromise) entry.layout = undefined;
    });
    const [layout, slots] = await Promise.all([layoutPromise, this.slots(d, signal, cache, timestamp)]);
    entry.reload = false;
    const decoded = layout.layout ? this.decode(layout.layout, slots.slots) : undefined;
    return {
      slots: slots.slots,
      more: slots.more,
      malformed: slots.malformed,
      layout: layout.answer,
      ...(decoded ? { decoded } : {}),
      readAt: this.now(),
      ...(timestamp !== undefined ? { timestamp } : {}),
    };
  }

  private async slots(
    d: KnownDeployment,
    signal: AbortSignal,
    cache: 'default' | 'reload',
    timestamp: string | undefined,
  ): Promise<{ slots: Map<string, string>; more: boolean; malformed: number }> {
    const client = this.deps.clientFor(d.network);
    const opts = { signal, cache, priority: 'visible' as const };
    const slots = new Map<string, string>();
    let page = await client.getContractState(
      idOf(d),
      { limit: STATE_PAGE, ...(timestamp !== undefined ? { timestamp } : {}) },
      opts,
    );
    let malformed = addSlots(slots, page.state);
    for (let pages = 1; pages < MAX_STATE_PAGES; pages++) {
      const next = await client.next(page, opts);
      if (!next) return { slots, more: false, malformed };
      page = next;
      malformed += addSlots(slots, page.state);
    }
    return { slots, more: !!page.links?.next, malformed };
  }

  /** The storage layout of the compiled contract whose code is deployed there, or why there is none. */
  private async layoutOf(d: KnownDeployment, signal: AbortSignal, cache: 'default' | 'reload'): Promise<Layout> {
    const missing = (reason: string, detail: string): Layout => ({ answer: { kind: 'missing', reason, detail } });
    const sources = this.deps.sources();
    if (!sources) {
      return missing(
        'No compiler output is indexed, so the slots are not named',
        'the storage layout is read from the compiler output the ledgerLens.trace.compilerOutput setting finds (Hardhat build-info, Foundry out/)',
      );
    }
    this.watch(sources);
    const info = await this.deps.clientFor(d.network).getContract(idOf(d), { signal, cache, priority: 'visible' });
    const code = info.runtime_bytecode;
    if (!code || code === '0x')
      return missing('The mirror node has no runtime bytecode for this contract', 'its slots are listed as they are');
    const ref = sources.findByCode(code);
    if (!ref) {
      return missing(
        `No compiler output in the workspace has the code deployed at ${d.entityId ?? d.evmAddress}`,
        'compile the project (the deployed code may be of another version of the source); its slots are listed as they are',
      );
    }
    let debug;
    try {
      debug = await sources.debugInfo?.(ref, 'deployed');
    } catch (error) {
      this.deps.log.warn(`Contracts: compiler output of ${ref.contractName} not read: ${errorMessage(error)}`);
    }
    if (!debug?.storageLayout)
      return missing(`The compiler output of ${ref.contractName} has no storage layout`, STORAGE_LAYOUT_HOWTO);
    return { answer: { kind: 'found', contractName: ref.contractName }, layout: debug.storageLayout };
  }

  /** Decodes with the known addresses as candidate mapping keys (the decoder adds those the state holds). */
  private decode(layout: StorageLayout, slots: ReadonlyMap<string, string>): DecodedState {
    return decodeState(layout, slots, {
      mappingKeys: mappingKeys(this.deps.knownAddresses()),
      maxEntries: MAX_DECODED_ENTRIES,
    });
  }
}

/** Addresses as `0x` + 40 lower-case hex: entity ids as their long-zero form; others dropped. */
export function mappingKeys(addresses: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const a of addresses) {
    if (keys.size >= MAX_MAPPING_KEYS) break;
    const evm = normalizeEvmAddress(a);
    const id = evm === undefined ? parseEntityId(a) : undefined;
    const key = evm ?? (id ? entityIdToLongZero(id) : undefined);
    if (key !== undefined) keys.add(key.toLowerCase());
  }
  return [...keys];
}

/** What the mirror node is asked by: the entity id when known, else the EVM address. */
function idOf(d: KnownDeployment): string {
  return d.entityId ?? d.evmAddress;
}
