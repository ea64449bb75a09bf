// The test mirror's answers about deployed contracts, worked out from a real EVM (evmWorld.ts)
// rather than recorded: the web3 module's `POST /api/v1/contracts/call` (calls, simulations and
// estimates, reverts as its 400 CONTRACT_REVERT_EXECUTED), and the REST module's contract storage
// (`/contracts/{id}/state`, now or as of a timestamp), results, logs and code, the blocks by
// timestamp, and the network's gas price (`/network/fees`, from a builder). Every body follows
// openapi.yml (test/unit/support/contractCallRoutes.test.ts checks each against it); the error
// bodies are the modules' own: `{"_status":{"messages":[{"message","detail","data"}]}}` from the
// web3 module (its GenericControllerAdvice), `{"_status":{"messages":[{"message"}]}}` from REST.
//
// Where this server is simpler than the real one (each said again where it happens): a state `as
// of` a timestamp takes eq/lt/lte only (the real one lists later changes for gt/gte); logs page by
// (timestamp, index) only; results and logs come from the world's own transactions, one per block.
import { createHash } from 'crypto';
import { decodeAbiParameters } from 'viem';
import { parseLossless } from '../../src/mirror/lossless';
import { JsonDoc, aBlock, aBlocksBody, aContract, aContractResult, toJsonText } from './builders';
import type { EvmWorld, WorldBlock, WorldContract, WorldTransaction } from './evmWorld';
import { QueryError, contractOf, nanosOf, pageLink, parseQuery, type Filter } from './contractRoutesParts';
import type { RouteAnswer, RouteRequest, Routes } from './mirrorReplay';

export { contractOf, nanosOf } from './contractRoutesParts';

export interface ContractRoutesOptions {
  /** The world answers come from; default the sample world (evmWorld.ts), made on the first request that needs it. */
  readonly world?: () => Promise<EvmWorld>;
  /** The body of `GET /network/fees`; default networkFeesBody(). */
  readonly fees?: JsonDoc;
  /** The contracts `GET /contracts/{id}` answers for (by id); default the Crowdfund alone (the scenarios' have records). */
  readonly codeFor?: readonly string[];
}

/** The web3 module's cap on gas (its `maxGasLimit`), and the request's default. */
export const WEB3_MAX_GAS = 15_000_000n;
const ERROR_STRING = '0x08c379a0';
const CROWDFUND = '0.0.1006';

/** `GET /network/fees` as the REST module answers: tinybars per gas of each contract transaction type. */
export function networkFeesBody(
  options: {
    readonly contractCall?: bigint;
    readonly contractCreate?: bigint;
    readonly ethereumTransaction?: bigint;
    readonly timestamp?: string;
  } = {},
): JsonDoc {
  // 71 tinybars per gas: Hedera's $0.0000000852 per gas at about $0.12 per ℏ.
  return new JsonDoc(
    toJsonText({
      fees: [
        { gas: options.contractCall ?? 71n, transaction_type: 'ContractCall' },
        { gas: options.contractCreate ?? 71n, transaction_type: 'ContractCreate' },
        { gas: options.ethereumTransaction ?? 71n, transaction_type: 'EthereumTransaction' },
      ],
      timestamp: options.timestamp ?? '1700000000.000000000',
    }),
  );
}

/** A web3-module error body: one entry per message. */
export function web3Error(
  status: number,
  ...entries: { message: string; detail?: string; data?: string }[]
): RouteAnswer {
  const messages = entries.map(e => ({ message: e.message, detail: e.detail ?? '', data: e.data ?? '' }));
  return json(status, JSON.stringify({ _status: { messages } }));
}

/** A REST-module error body. */
export function restError(status: number, ...messages: string[]): RouteAnswer {
  return json(status, JSON.stringify({ _status: { messages: messages.map(message => ({ message })) } }));
}

function json(status: number, body: string, headers: Readonly<Record<string, string>> = {}): RouteAnswer {
  return { status, body, headers: { 'content-type': 'application/json', ...headers } };
}

const STATE = /^\/api\/v1\/contracts\/([^/]+)\/state$/;
const RESULTS = /^\/api\/v1\/contracts\/([^/]+)\/results$/;
const LOGS = /^\/api\/v1\/contracts\/([^/]+)\/results\/logs$/;
const CONTRACT = /^\/api\/v1\/contracts\/([^/]+)$/;

/** The routes for mirrorReplay's `routes` option. */
export function contractCallRoutes(options: ContractRoutesOptions = {}): Routes {
  let made: Promise<EvmWorld> | undefined;
  const world = (): Promise<EvmWorld> => {
    made ??= options.world ? options.world() : import('./evmWorld').then(m => m.sampleWorld());
    return made;
  };
  const codeFor = new Set(options.codeFor ?? [CROWDFUND]);
  // Paths other tests may already ask (results, logs, code, blocks) stay as they were (a 404) if the
  // world cannot be made; the new ones (calls, storage) say why it could not.
  const worldIfMade = (): Promise<EvmWorld | undefined> => world().catch(() => undefined);
  const route = async (req: RouteRequest): Promise<RouteAnswer | undefined> => {
    if (req.method === 'POST') return req.path === '/api/v1/contracts/call' ? call(await world(), req) : undefined;
    if (req.method !== 'GET') return undefined;
    if (req.path === '/api/v1/network/fees') return json(200, (options.fees ?? networkFeesBody()).text);
    let m: RegExpExecArray | null;
    if ((m = STATE.exec(req.path))) return state(await world(), req, m[1]);
    const legacy = legacyRoute(req, codeFor);
    if (legacy === undefined) return undefined;
    const known = await worldIfMade();
    return known === undefined ? undefined : legacy(known);
  };
  return async req => {
    try {
      return await route(req);
    } catch (error) {
      if (error instanceof QueryError) return restError(400, ...error.messages);
      throw error;
    }
  };
}

/** The handler of a GET path that was a 404 before these routes (results, logs, code, blocks by time). */
function legacyRoute(
  req: RouteRequest,
  codeFor: ReadonlySet<string>,
): ((world: EvmWorld) => RouteAnswer | undefined | Promise<RouteAnswer | undefined>) | undefined {
  let m: RegExpExecArray | null;
  if (req.path === '/api/v1/blocks')
    return req.query.some(p => p.name === 'timestamp') ? w => blocks(w, req) : undefined;
  if ((m = LOGS.exec(req.path))) return w => logs(w, req, m![1]);
  if ((m = RESULTS.exec(req.path))) return w => results(w, req, m![1]);
  if ((m = CONTRACT.exec(req.path)) && m[1] !== 'call' && m[1] !== 'results') return w => code(w, m![1], codeFor);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// POST /api/v1/contracts/call: the web3 module

interface CallBody {
  readonly block?: unknown;
  readonly data?: unknown;
  readonly estimate?: unknown;
  readonly from?: unknown;
  readonly gas?: unknown;
  readonly gasPrice?: unknown;
  readonly to?: unknown;
  readonly value?: unknown;
}

const HEX_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;
const HEX_DATA = /^(0x)?[0-9a-fA-F]*$/;
const BLOCK = /^((0x)?[0-9a-fA-F]+|earliest|pending|latest)$/;

async function call(world: EvmWorld, req: RouteRequest): Promise<RouteAnswer> {
  const type = String(req.headers['content-type'] ?? '');
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return web3Error(415, {
      message: 'Unsupported Media Type',
      detail: `Content-Type '${type || 'application/octet-stream'}' is not supported`,
    });
  }
  let raw: unknown;
  try {
    raw = parseLossless(req.body);
  } catch (error) {
    return web3Error(400, { message: 'Bad Request', detail: `JSON parse error: ${(error as Error).message}` });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return web3Error(400, { message: 'Bad Request', detail: 'JSON parse error: the body is not an object' });
  }
  const checked = checkCall(raw);
  if ('problems' in checked)
    return web3Error(400, ...checked.problems.map(detail => ({ message: 'Bad Request', detail })));
  if (checked.gas > WEB3_MAX_GAS) {
    return web3Error(400, {
      message: 'Bad Request',
      detail: `gas field must be less than or equal to ${WEB3_MAX_GAS}`,
    });
  }
  let outcome: Awaited<ReturnType<EvmWorld['call']>>;
  try {
    outcome = await world.call(checked.request);
  } catch (error) {
    const unknownBlock = (error as Error).name === 'UnknownBlockError';
    return web3Error(400, {
      message: 'Bad Request',
      detail: unknownBlock ? 'Unknown block number' : (error as Error).message,
    });
  }
  switch (outcome.kind) {
    case 'success':
      return json(
        200,
        JSON.stringify({ result: checked.request.estimate ? gasHex(outcome.gasUsed) : outcome.returnData }),
      );
    case 'revert':
      return web3Error(400, {
        message: 'CONTRACT_REVERT_EXECUTED',
        detail: errorString(outcome.revertData),
        data: outcome.revertData,
      });
    case 'halt':
      return web3Error(400, { message: outcome.reason, data: '0x' });
  }
}

type CheckedCall =
  | { readonly request: Parameters<EvmWorld['call']>[0]; readonly gas: bigint }
  | { readonly problems: readonly string[] };

/** The request's fields as the web3 module's validation reads them (its words: "<field> field <rule>"). */
function checkCall(body: CallBody): CheckedCall {
  const problems: string[] = [];
  const int = (name: string, v: unknown, min: bigint): bigint | undefined => {
    if (v === undefined || v === null) return undefined;
    const n =
      typeof v === 'number' && Number.isSafeInteger(v)
        ? BigInt(v)
        : typeof v === 'string' && /^-?\d+$/.test(v)
          ? BigInt(v)
          : undefined;
    if (n === undefined) problems.push(`${name} field must be an integer`);
    else if (n < min) problems.push(`${name} field must be greater than or equal to ${min}`);
    return n;
  };
  const hex = (name: string, v: unknown, pattern: RegExp): string | undefined => {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || !pattern.test(v)) problems.push(`${name} field invalid hexadecimal string`);
    else if (v.replace(/^0x/, '').length % 2 !== 0)
      problems.push(`${name} field contains invalid odd length characters`);
    else return v.startsWith('0x') ? v : `0x${v}`;
    return undefined;
  };
  const to = hex('to', body.to, HEX_ADDRESS);
  const from = hex('from', body.from, HEX_ADDRESS);
  const data = hex('data', body.data, HEX_DATA);
  if (typeof body.data === 'string' && body.data.length > 262_146)
    problems.push('data field size must be between 0 and 262146');
  const gas = int('gas', body.gas, 0n) ?? WEB3_MAX_GAS;
  int('gasPrice', body.gasPrice, 0n);
  const value = int('value', body.value, 0n);
  if (body.estimate !== undefined && body.estimate !== null && typeof body.estimate !== 'boolean')
    problems.push('estimate field must be true or false');
  let block: 'latest' | 'earliest' | 'pending' | bigint = 'latest';
  if (body.block !== undefined && body.block !== null) {
    if (typeof body.block !== 'string' || !BLOCK.test(body.block))
      problems.push(`Invalid block value: ${JSON.stringify(body.block).slice(0, 80)}`);
    else if (body.block === 'latest' || body.block === 'earliest' || body.block === 'pending') block = body.block;
    else block = BigInt(body.block.startsWith('0x') ? body.block : `0x${body.block}`);
  }
  if (to === undefined && data === undefined && problems.length === 0) problems.push('to field must not be empty');
  if (problems.length > 0) return { problems };
  return {
    gas,
    request: {
      ...(to !== undefined ? { to } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(data !== undefined ? { data } : {}),
      ...(value !== undefined ? { value } : {}),
      gas,
      estimate: body.estimate === true,
      block,
    },
  };
}

/** The estimate as the web3 module writes it: 8 bytes of hex. */
function gasHex(gas: bigint): `0x${string}` {
  return `0x${gas.toString(16).padStart(16, '0')}`;
}

/** An Error(string) revert's reason, as the module's `detail`; '' for any other revert. */
export function errorString(data: string): string {
  if (!data.toLowerCase().startsWith(ERROR_STRING) || data.length <= 10) return '';
  try {
    return decodeAbiParameters([{ type: 'string' }], `0x${data.slice(10)}`)[0];
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/contracts/{id}/state: the storage after the block at (or before) a timestamp

async function state(world: EvmWorld, req: RouteRequest, idOrAddress: string): Promise<RouteAnswer | undefined> {
  const contract = contractOf(world, idOrAddress);
  if (contract === undefined) return undefined;
  const q = parseQuery(req.query, {
    limit: 'single',
    order: 'single',
    slot: 'many',
    timestamp: 'many',
  });
  const limit = q.limit(25);
  const order = q.order('asc');
  const slots = q.filters('slot', ['eq', 'gt', 'gte', 'lt', 'lte'], v => /^(0x)?[0-9a-fA-F]{1,64}$/.test(v));
  const stamps = q.filters('timestamp', ['eq', 'lt', 'lte'], v => /^\d{1,10}(\.\d{1,9})?$/.test(v));
  q.done();
  const block = blockAt(world.blocks, stamps);
  if (block === null) return json(200, toJsonText({ state: [], links: { next: null } }));
  const history = await storageHistory(world, contract, block);
  const current = history[history.length - 1];
  const wanted = (slot: string): boolean =>
    slots.every(f => compareBig(BigInt(slot), BigInt(`0x${f.value.replace(/^0x/, '')}`), f.op));
  const keys = [...current.keys()].filter(wanted).sort();
  if (order === 'desc') keys.reverse();
  const page = keys.slice(0, limit);
  const state = page.map(slot => ({
    address: contract.evmAddress,
    contract_id: contract.id,
    timestamp: changedAt(history, world.blocks, slot),
    slot,
    value: current.get(slot)!,
  }));
  const next = page.length === limit ? pageLink(req, 'slot', order, page[page.length - 1]) : null;
  return json(200, toJsonText({ state, links: { next } }));
}

/** The block a state read is as of: the last at or before the timestamps' bound; undefined: the latest; null: none yet. */
function blockAt(blocks: readonly WorldBlock[], stamps: readonly Filter[]): WorldBlock | undefined | null {
  if (stamps.length === 0) return undefined;
  let candidates = [...blocks];
  for (const f of stamps) {
    const bound = nanosOf(f.value);
    candidates = candidates.filter(b => (f.op === 'lt' ? nanosOf(b.timestamp) < bound : nanosOf(b.timestamp) <= bound));
  }
  return candidates.length === 0 ? null : candidates[candidates.length - 1];
}

/** The contract's storage after each block up to `block` (the last: the state asked for). */
async function storageHistory(world: EvmWorld, contract: WorldContract, block: WorldBlock | undefined) {
  const upTo = block === undefined ? world.blocks.length - 1 : world.blocks.indexOf(block);
  const history: ReadonlyMap<string, string>[] = [];
  for (let i = 0; i <= upTo; i++) history.push(await world.storage(contract.evmAddress, world.blocks[i].number));
  if (history.length === 0) history.push(new Map());
  return history;
}

/** The timestamp of the block where `slot` took the value it has at the end of `history`. */
function changedAt(
  history: readonly ReadonlyMap<string, string>[],
  blocks: readonly WorldBlock[],
  slot: string,
): string {
  const value = history[history.length - 1].get(slot);
  let i = history.length - 1;
  while (i > 0 && history[i - 1].get(slot) === value) i--;
  return blocks[i].timestamp;
}

function compareBig(a: bigint, b: bigint, op: Filter['op']): boolean {
  switch (op) {
    case 'eq':
      return a === b;
    case 'gt':
      return a > b;
    case 'gte':
      return a >= b;
    case 'lt':
      return a < b;
    case 'lte':
      return a <= b;
  }
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/contracts/{id}/results and /results/logs: the world's transactions

async function results(world: EvmWorld, req: RouteRequest, idOrAddress: string): Promise<RouteAnswer | undefined> {
  const contract = contractOf(world, idOrAddress);
  if (contract === undefined) return undefined;
  const q = parseQuery(req.query, {
    limit: 'single',
    order: 'single',
    timestamp: 'many',
    internal: 'single',
    from: 'many',
    'block.number': 'single',
  });
  const limit = q.limit(25);
  const order = q.order('desc');
  const stamps = q.filters('timestamp', ['eq', 'gt', 'gte', 'lt', 'lte'], v => /^\d{1,10}(\.\d{1,9})?$/.test(v));
  const froms = q.filters('from', ['eq'], v => HEX_ADDRESS.test(v) || /^(\d{1,10}\.){0,2}\d{1,10}$/.test(v));
  const numbers = q.filters('block.number', ['eq'], v => /^(\d{1,19}|0x[0-9a-fA-F]{1,16})$/.test(v));
  q.done();
  let txs = world.transactions.filter(t => t.to === contract.id);
  txs = txs.filter(t => stamps.every(f => compareBig(nanosOf(t.block.timestamp), nanosOf(f.value), f.op)));
  txs = txs.filter(t => froms.every(f => [t.from, longZero(t.from)].includes(f.value.toLowerCase())));
  txs = txs.filter(t => numbers.every(f => t.block.number === BigInt(f.value)));
  if (order === 'desc') txs.reverse();
  const page = txs.slice(0, limit);
  const list = page.map(t => aContractResult(resultFields(world, t)));
  const next = page.length === limit ? pageLink(req, 'timestamp', order, page[page.length - 1].block.timestamp) : null;
  return json(200, toJsonText({ results: list, links: { next } }), { 'cache-control': 'public, max-age=1' });
}

/** The transaction id the world's transaction would have (the traces' formula: valid start = consensus − 2 s). */
export function transactionIdOf(t: WorldTransaction): string {
  const seconds = BigInt(t.block.timestamp.split('.')[0]) - 2n;
  return `${t.from}-${seconds}-000000000`;
}

function resultFields(world: EvmWorld, t: WorldTransaction) {
  const contract = world.contracts.find(c => c.id === t.to);
  const address = contract?.evmAddress ?? longZero(t.to);
  const success = t.outcome === 'success';
  const gasUsed = t.gasConsumed > (t.gasLimit * 4n) / 5n ? t.gasConsumed : (t.gasLimit * 4n + 4n) / 5n;
  return {
    address,
    amount: 0,
    block_gas_used: gasUsed,
    block_hash: t.block.hash,
    block_number: t.block.number,
    bloom: '0x',
    call_result: success ? t.result : '0x',
    chain_id: null,
    contract_id: t.to,
    created_contract_ids: t.created && success ? [t.to] : [],
    error_message: success ? null : t.result,
    // Not nullable in openapi.yml: left out unless a create failed.
    failed_initcode: t.created && !success ? t.data : undefined,
    from: longZero(t.from),
    function_parameters: t.data,
    gas_consumed: t.gasConsumed,
    gas_limit: t.gasLimit,
    gas_price: null,
    gas_used: gasUsed,
    hash: hashOf(transactionIdOf(t)),
    access_list: null,
    max_fee_per_gas: null,
    max_priority_fee_per_gas: null,
    nonce: null,
    r: null,
    s: null,
    result: success ? 'SUCCESS' : t.outcome === 'revert' ? 'CONTRACT_REVERT_EXECUTED' : t.result,
    status: success ? '0x1' : '0x0',
    timestamp: t.block.timestamp,
    to: address,
    transaction_index: 1,
    type: null,
    v: null,
  };
}

async function logs(world: EvmWorld, req: RouteRequest, idOrAddress: string): Promise<RouteAnswer | undefined> {
  const contract = contractOf(world, idOrAddress);
  if (contract === undefined) return undefined;
  const q = parseQuery(req.query, {
    limit: 'single',
    order: 'single',
    timestamp: 'many',
    index: 'single',
    topic0: 'many',
    topic1: 'many',
    topic2: 'many',
    topic3: 'many',
  });
  const limit = q.limit(25);
  const order = q.order('desc');
  const stamps = q.filters('timestamp', ['eq', 'gt', 'gte', 'lt', 'lte'], v => /^\d{1,10}(\.\d{1,9})?$/.test(v));
  const indexes = q.filters('index', ['eq', 'gt', 'gte', 'lt', 'lte'], v => /^\d{1,10}$/.test(v));
  const topics = [0, 1, 2, 3].map(i => q.filters(`topic${i}`, ['eq'], v => /^(0x)?[0-9a-fA-F]{1,64}$/.test(v)));
  q.done();
  if (indexes.length > 0 && stamps.length === 0) throw new QueryError('index without a timestamp parameter filter');
  let all = world.transactions.flatMap(t =>
    t.logs
      .map((log, index) => ({ t, log, index }))
      .filter(e => e.log.address.toLowerCase() === contract.evmAddress.toLowerCase()),
  );
  all = all.filter(e =>
    topics.every(
      (fs, i) =>
        fs.length === 0 ||
        fs.some(f => BigInt(`0x${f.value.replace(/^0x/, '')}`) === BigInt(e.log.topics[i] ?? '0x-1')),
    ),
  );
  // timestamp and index bound together: the index filters apply at the timestamp the bound names.
  all = all.filter(e => {
    const ts = nanosOf(e.t.block.timestamp);
    return stamps.every(f => {
      const bound = nanosOf(f.value);
      if (ts !== bound) return compareBig(ts, bound, f.op);
      return (
        (f.op === 'eq' || f.op === 'gte' || f.op === 'lte') &&
        indexes.every(i => compareBig(BigInt(e.index), BigInt(i.value), i.op))
      );
    });
  });
  if (order === 'desc') all.reverse();
  const page = all.slice(0, limit);
  const list = page.map(({ t, log, index }) => ({
    address: log.address,
    bloom: '0x',
    contract_id: contract.id,
    data: log.data,
    index,
    topics: log.topics,
    block_hash: t.block.hash,
    block_number: t.block.number,
    root_contract_id: t.to,
    timestamp: t.block.timestamp,
    transaction_hash: hashOf(transactionIdOf(t)),
    transaction_index: 1,
  }));
  const last = page[page.length - 1];
  const next =
    page.length === limit && last !== undefined
      ? pageLink(req, 'timestamp', order, last.t.block.timestamp, {
          index: `${order === 'desc' ? 'lt' : 'gt'}:${last.index}`,
          inclusive: true,
        })
      : null;
  return json(200, toJsonText({ logs: list, links: { next } }));
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/contracts/{id} and /api/v1/blocks?timestamp=…

function code(world: EvmWorld, idOrAddress: string, codeFor: ReadonlySet<string>): RouteAnswer | undefined {
  const contract = contractOf(world, idOrAddress);
  if (contract === undefined || !codeFor.has(contract.id)) return undefined;
  const created = world.transactions.find(t => t.to === contract.id && t.created)?.block.timestamp ?? null;
  const body = aContract({
    contract_id: contract.id,
    evm_address: contract.evmAddress,
    created_timestamp: created,
    file_id: null,
    memo: '',
    timestamp: { from: created ?? '0.0', to: null },
    runtime_bytecode: contract.runtimeBytecode,
    bytecode: world.transactions.find(t => t.to === contract.id && t.created)?.data ?? null,
  });
  return json(200, body.text, { 'cache-control': 'public, max-age=1' });
}

function blocks(world: EvmWorld, req: RouteRequest): RouteAnswer {
  const q = parseQuery(req.query, { limit: 'single', order: 'single', timestamp: 'many' });
  const limit = q.limit(25);
  const order = q.order('desc');
  const stamps = q.filters('timestamp', ['eq', 'gt', 'gte', 'lt', 'lte'], v => /^\d{1,10}(\.\d{1,9})?$/.test(v));
  q.done();
  let list = world.blocks.filter(b => stamps.every(f => compareBig(nanosOf(b.timestamp), nanosOf(f.value), f.op)));
  if (order === 'desc') list = [...list].reverse();
  const page = list.slice(0, limit).map(b => {
    const previous = world.blocks[world.blocks.indexOf(b) - 1];
    return aBlock({
      count: 1,
      gas_used: world.transactions.find(t => t.block === b)?.gasConsumed ?? 0n,
      hash: b.hash,
      logs_bloom: `0x${'0'.repeat(512)}`,
      name: `${new Date(Number(nanosOf(b.timestamp) / 1_000_000n))
        .toISOString()
        .replace(/:/g, '_')
        .replace(/\.(\d{3})Z$/, `.${b.timestamp.split('.')[1]}Z`)}.rcd.gz`,
      number: b.number,
      previous_hash: previous?.hash ?? `0x${'0'.repeat(96)}`,
      timestamp: { from: b.timestamp, to: b.timestamp },
    });
  });
  const last = list.slice(0, limit).at(-1);
  const next = page.length === limit && last !== undefined ? pageLink(req, 'timestamp', order, last.timestamp) : null;
  return json(200, aBlocksBody(page, next).text, { 'cache-control': 'public, max-age=1' });
}

function longZero(id: string): string {
  return `0x${BigInt(id.split('.').pop()!).toString(16).padStart(40, '0')}`;
}

/** The 32-byte hash the traces give a transaction id (evmTraces.ts: sha384, first 32 bytes). */
function hashOf(transactionId: string): string {
  return `0x${createHash('sha384').update(transactionId).digest('hex').slice(0, 64)}`;
}
