// A loopback mirror node for the local replay's tests, answering ONLY from the replay fixtures
// (test/support/replayFixtures.ts): contract results and their actions, `/opcodes` not served
// (501, as a mirror node without the web3 module's opcode tracer answers), contracts' code as of
// now, storage and balances as of a timestamp, tokens. It counts what it is asked, by kind and by
// request (path and query), so a test can hold a replay to "each value asked once", and it can
// wait, send a storm of 429s, or have lost its old history. Error bodies are the REST module's:
// `{"_status":{"messages":[{"message"}]}}`.
//
// Where it is simpler than the real server: a state read takes eq/lt/lte timestamps only (a bare
// one is eq, which the REST module reads as "as of", lte; lt is strictly before); listing a
// contract's whole state answers one page; an account as of a time before it existed is a 404.
import * as http from 'http';
import { aContract, aToken, anAccount, toJsonText } from './builders';
import { listenOnLoopback } from './loopback';
import { QueryError, nanosOf, parseQuery, type Filter } from './contractRoutesParts';
import { canonicalTarget, parseRequestTarget, type RouteAnswer, type RouteRequest, type Routes } from './mirrorReplay';
import type { ReplayFixtures, ReplayScenarioFile, Versioned, WorldContract } from './replayFixtures';

export type ReplayRequestKind = 'result' | 'actions' | 'opcodes' | 'contract' | 'state' | 'account' | 'token' | 'other';

export interface ReplayMirrorOptions {
  /** Waits this long before each answer. */
  readonly latencyMs?: number;
  /** The first `count` requests of `kinds` (default state, account, contract) answer 429 with Retry-After. */
  readonly tooManyRequests?: {
    readonly count: number;
    readonly retryAfterSeconds?: number;
    readonly kinds?: readonly ReplayRequestKind[];
  };
  /**
   * The history before `timestamp` is gone: a state or balance asked as of an earlier moment
   * answers `answer` (default `notFound`: a 404; `empty`: no state, as if never written).
   */
  readonly prunedBefore?: { readonly timestamp: string; readonly answer?: 'notFound' | 'empty' };
}

/** One state read as asked: the contract (as in the path), the slot filters and the timestamp filters. */
export interface StateAsk {
  /** As the path names it (an id or an EVM address). */
  readonly contract: string;
  readonly contractId: string;
  readonly slots: readonly string[];
  readonly timestamps: readonly string[];
}

/** What the mirror was asked. */
export interface ReplayMirrorCounts {
  readonly byKind: Readonly<Record<ReplayRequestKind, number>>;
  /** By canonical target (path and sorted query): more than 1 is a value asked again. */
  readonly byTarget: ReadonlyMap<string, number>;
  readonly stateAsks: readonly StateAsk[];
  readonly total: number;
}

const KINDS: readonly ReplayRequestKind[] = [
  'result',
  'actions',
  'opcodes',
  'contract',
  'state',
  'account',
  'token',
  'other',
];

const RESULT = /^\/api\/v1\/contracts\/results\/([^/]+)$/;
const ACTIONS = /^\/api\/v1\/contracts\/results\/([^/]+)\/actions$/;
const OPCODES = /^\/api\/v1\/contracts\/results\/([^/]+)\/opcodes$/;
const STATE = /^\/api\/v1\/contracts\/([^/]+)\/state$/;
const CONTRACT = /^\/api\/v1\/contracts\/([^/]+)$/;
const ACCOUNT = /^\/api\/v1\/accounts\/([^/]+)$/;
const TOKEN = /^\/api\/v1\/tokens\/([^/]+)$/;
const ENTITY = /^(?:0\.0\.)?(\d{1,10})$/;
const EVM_ADDRESS = /^(?:0x)?([0-9a-fA-F]{40})$/;

function json(status: number, body: string, headers: Readonly<Record<string, string>> = {}): RouteAnswer {
  return { status, body, headers: { 'content-type': 'application/json', ...headers } };
}

function restError(status: number, ...messages: string[]): RouteAnswer {
  return json(status, JSON.stringify({ _status: { messages: messages.map(message => ({ message })) } }));
}

const NOT_FOUND = (): RouteAnswer => restError(404, 'Not found');

/** `0.0.n` of an id or a long-zero address, else undefined (a 400 when it is neither form). */
function entityOf(idOrAddress: string): string | undefined {
  const entity = ENTITY.exec(idOrAddress);
  if (entity) return `0.0.${BigInt(entity[1])}`;
  const evm = EVM_ADDRESS.exec(idOrAddress);
  if (!evm) throw new QueryError('Invalid parameter: idOrAddress');
  const hex = evm[1].toLowerCase();
  return /^0{24}/.test(hex) ? `0.0.${BigInt(`0x${hex.slice(24)}`)}` : undefined;
}

/** The entry of a history in force at the filters' bound (lt: strictly before; eq, lte: at or before); none: the latest. */
function asOf<T>(history: readonly Versioned<T>[], stamps: readonly Filter[]): Versioned<T> | undefined {
  let candidates = history;
  for (const f of stamps) {
    const bound = nanosOf(f.value);
    candidates = candidates.filter(h => (f.op === 'lt' ? nanosOf(h.timestamp) < bound : nanosOf(h.timestamp) <= bound));
  }
  return candidates.at(-1);
}

const word64 = (value: string): string => `0x${value.replace(/^0x/i, '').toLowerCase().padStart(64, '0')}`;

/** The answers and the counts; `route` is the mirrorReplay `routes` function. */
export class ReplayMirrorAnswers {
  private byKind = Object.fromEntries(KINDS.map(k => [k, 0])) as Record<ReplayRequestKind, number>;
  private byTarget = new Map<string, number>();
  private stateAsks: StateAsk[] = [];
  private stormLeft: number;

  constructor(
    private readonly fixtures: ReplayFixtures,
    private readonly options: ReplayMirrorOptions = {},
  ) {
    this.stormLeft = options.tooManyRequests?.count ?? 0;
  }

  counts(): ReplayMirrorCounts {
    const total = Object.values(this.byKind).reduce((a, b) => a + b, 0);
    return { byKind: { ...this.byKind }, byTarget: new Map(this.byTarget), stateAsks: [...this.stateAsks], total };
  }

  resetCounts(): void {
    this.byKind = Object.fromEntries(KINDS.map(k => [k, 0])) as Record<ReplayRequestKind, number>;
    this.byTarget = new Map();
    this.stateAsks = [];
  }

  readonly route: Routes = async req => {
    if (req.method !== 'GET') return undefined;
    const kind = kindOf(req.path);
    this.byKind[kind]++;
    const key = canonicalTarget(req.target);
    this.byTarget.set(key, (this.byTarget.get(key) ?? 0) + 1);
    if (this.options.latencyMs) await new Promise(resolve => setTimeout(resolve, this.options.latencyMs));
    const storm = this.options.tooManyRequests;
    if (storm && this.stormLeft > 0 && (storm.kinds ?? ['state', 'account', 'contract']).includes(kind)) {
      this.stormLeft--;
      const answer = restError(429, 'Too Many Requests');
      return { ...answer, headers: { ...answer.headers, 'retry-after': String(storm.retryAfterSeconds ?? 1) } };
    }
    try {
      return this.answer(kind, req);
    } catch (error) {
      if (error instanceof QueryError) return restError(400, ...error.messages);
      throw error;
    }
  };

  private answer(kind: ReplayRequestKind, req: RouteRequest): RouteAnswer | undefined {
    if (kind === 'opcodes') return restError(501, 'Not implemented');
    const handlers: Partial<Record<ReplayRequestKind, [RegExp, (id: string) => RouteAnswer | undefined]>> = {
      result: [RESULT, id => this.result(id)],
      actions: [ACTIONS, id => this.actions(req, id)],
      state: [STATE, id => this.state(req, id)],
      contract: [CONTRACT, id => this.contract(id)],
      account: [ACCOUNT, id => this.account(req, id)],
      token: [TOKEN, id => this.token(id)],
    };
    const handler = handlers[kind];
    const m = handler?.[0].exec(req.path);
    return handler && m ? handler[1](m[1]) : undefined;
  }

  private scenarioOf(idOrHash: string): ReplayScenarioFile | undefined {
    const key = idOrHash.toLowerCase();
    return this.fixtures.scenarios.find(
      s => s.transactionId === idOrHash || s.contractResult.hash.toLowerCase() === key,
    );
  }

  private result(idOrHash: string): RouteAnswer | undefined {
    const scenario = this.scenarioOf(idOrHash);
    return scenario && json(200, JSON.stringify(scenario.contractResult));
  }

  private actions(req: RouteRequest, idOrHash: string): RouteAnswer | undefined {
    const scenario = this.scenarioOf(idOrHash);
    if (!scenario) return undefined;
    const q = parseQuery(req.query, { limit: 'single', order: 'single', index: 'many' });
    const limit = q.limit(25);
    const order = q.order('asc');
    const bounds = q.filters('index', ['eq', 'gt', 'gte', 'lt', 'lte'], v => /^\d{1,10}$/.test(v));
    q.done();
    const within = (i: number): boolean =>
      bounds.every(f => {
        const v = Number(f.value);
        return { eq: i === v, gt: i > v, gte: i >= v, lt: i < v, lte: i <= v }[f.op];
      });
    const all = scenario.actions.filter(a => within(a.index));
    if (order === 'desc') all.reverse();
    const page = all.slice(0, limit);
    const last = page.at(-1);
    const next =
      last === undefined || page.length !== limit
        ? null
        : `/api/v1/contracts/results/${idOrHash}/actions?limit=${limit}&order=${order}&index=${order === 'asc' ? 'gt' : 'lt'}:${last.index}`;
    return json(200, JSON.stringify({ actions: page, links: { next } }));
  }

  private contractAt(idOrAddress: string): WorldContract | undefined {
    const id = entityOf(idOrAddress);
    return this.fixtures.world.contracts.find(c => c.contract_id === id);
  }

  private contract(idOrAddress: string): RouteAnswer | undefined {
    const c = this.contractAt(idOrAddress);
    if (!c) return undefined;
    const body = aContract({
      contract_id: c.contract_id,
      evm_address: c.evm_address,
      created_timestamp: c.created_timestamp,
      deleted: c.deleted_timestamp !== null,
      file_id: null,
      memo: '',
      nonce: 1,
      timestamp: { from: c.deleted_timestamp ?? c.created_timestamp, to: null },
      bytecode: null,
      runtime_bytecode: c.runtime_bytecode,
    });
    return json(200, body.text);
  }

  /** Whether the history before the filters' bound is gone (a read as of now never is). */
  private pruned(stamps: readonly Filter[]): boolean {
    const before = this.options.prunedBefore;
    if (!before || stamps.length === 0) return false;
    return stamps.some(f => nanosOf(f.value) <= nanosOf(before.timestamp));
  }

  private state(req: RouteRequest, idOrAddress: string): RouteAnswer | undefined {
    const c = this.contractAt(idOrAddress);
    if (!c) return undefined;
    const q = parseQuery(req.query, { limit: 'single', order: 'single', slot: 'many', timestamp: 'many' });
    const limit = q.limit(25);
    const order = q.order('asc');
    const slots = q.filters('slot', ['eq'], v => /^(0x)?[0-9a-fA-F]{1,64}$/.test(v));
    const stamps = q.filters('timestamp', ['eq', 'lt', 'lte'], v => /^\d{1,10}(\.\d{1,9})?$/.test(v));
    q.done();
    this.stateAsks.push({
      contract: idOrAddress,
      contractId: c.contract_id,
      slots: slots.map(f => word64(f.value)),
      timestamps: stamps.map(f => `${f.op}:${f.value}`),
    });
    if (this.pruned(stamps)) {
      if ((this.options.prunedBefore?.answer ?? 'notFound') === 'notFound') return NOT_FOUND();
      return json(200, toJsonText({ state: [], links: { next: null } }));
    }
    const wanted = new Set(slots.map(f => word64(f.value)));
    const keys = Object.keys(c.slots)
      .filter(k => wanted.size === 0 || wanted.has(k))
      .sort();
    if (order === 'desc') keys.reverse();
    const state = keys
      .map(slot => ({ slot, at: asOf(c.slots[slot], stamps) }))
      .filter((e): e is { slot: string; at: Versioned<string> } => e.at !== undefined)
      .slice(0, limit)
      .map(({ slot, at }) => ({
        address: c.evm_address,
        contract_id: c.contract_id,
        timestamp: at.timestamp,
        slot,
        value: at.value,
      }));
    return json(200, toJsonText({ state, links: { next: null } }));
  }

  private account(req: RouteRequest, idOrAddress: string): RouteAnswer | undefined {
    const id = entityOf(idOrAddress);
    const account = this.fixtures.world.accounts.find(a => a.account === id);
    if (!account) return undefined;
    const q = parseQuery(req.query, { timestamp: 'many', transactions: 'single', limit: 'single', order: 'single' });
    const stamps = q.filters('timestamp', ['eq', 'lt', 'lte'], v => /^\d{1,10}(\.\d{1,9})?$/.test(v));
    q.done();
    if (this.pruned(stamps)) return NOT_FOUND();
    const at = asOf(account.balances, stamps);
    if (!at) return NOT_FOUND();
    const body = anAccount({
      account: account.account,
      evm_address: account.evm_address,
      created_timestamp: account.balances[0].timestamp,
      balance: { timestamp: at.timestamp, balance: at.value, tokens: [] },
      transactions: [],
      links: { next: null },
    });
    return json(200, body.text);
  }

  private token(idOrAddress: string): RouteAnswer | undefined {
    const id = entityOf(idOrAddress);
    const t = this.fixtures.world.tokens.find(x => x.token_id === id);
    if (!t) return undefined;
    const body = aToken({
      token_id: t.token_id,
      name: t.name,
      symbol: t.symbol,
      decimals: t.decimals,
      created_timestamp: t.created_timestamp,
      initial_supply: '100000000',
      total_supply: '100000000',
    });
    return json(200, body.text);
  }
}

function kindOf(path: string): ReplayRequestKind {
  if (OPCODES.test(path)) return 'opcodes';
  if (ACTIONS.test(path)) return 'actions';
  if (RESULT.test(path)) return 'result';
  if (STATE.test(path)) return 'state';
  if (CONTRACT.test(path)) return 'contract';
  if (ACCOUNT.test(path)) return 'account';
  if (TOKEN.test(path)) return 'token';
  return 'other';
}

/** The answers as mirrorReplay's `routes` option takes them (what they do not know is left to it). */
export function replayMirrorRoutes(fixtures: ReplayFixtures, options: ReplayMirrorOptions = {}): Routes {
  return new ReplayMirrorAnswers(fixtures, options).route;
}

export interface ReplayMirror {
  /** Origin to give the mirror client as `baseUrl`. */
  readonly url: string;
  readonly answers: ReplayMirrorAnswers;
  counts(): ReplayMirrorCounts;
  close(): Promise<void>;
}

/** Starts the server on an ephemeral loopback port; anything the fixtures do not answer is a 404. */
export async function startReplayMirror(
  fixtures: ReplayFixtures,
  options: ReplayMirrorOptions = {},
): Promise<ReplayMirror> {
  const answers = new ReplayMirrorAnswers(fixtures, options);
  const server = http.createServer((req, res) => {
    const target = req.url ?? '/';
    const { path, query } = parseRequestTarget(target);
    const request: RouteRequest = { method: req.method ?? 'GET', path, query, target, headers: req.headers, body: '' };
    answers.route(request).then(
      answer => {
        const a = answer ?? (request.method === 'GET' ? NOT_FOUND() : restError(405, 'Method not allowed'));
        res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
        res.end(a.body);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(restError(500, String(error)).body);
      },
    );
  });
  const listening = await listenOnLoopback(server);
  return { ...listening, answers, counts: () => answers.counts() };
}
