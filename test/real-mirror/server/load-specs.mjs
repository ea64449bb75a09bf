// Runs under the real mirror node's Node 22, with the REST module's folder as cwd (started by
// test/harness/realMirror.ts). Loads the `setup` data of REST spec files, set by set, each set into
// its own database, with the module's own test loader (__tests__/integrationDomainOps.js) the way
// its spec tests do, and answers on its last stdout line with JSON: per set, which specs were
// loaded, which were skipped and why, the server config they ask for and their frozen clock.
// One process for every set: starting Node 22 with the module takes seconds on a busy machine.
//
//   LL_REST_DIR, PGHOST, PGPORT  (env)
//   node --import=extensionless/register load-specs.mjs <set> <database> <spec.json>... [-- <set> <database> ...]
//
// A spec whose `setup` holds a key this loader does not know is named and skipped, never half
// loaded. A spec that fails while loading (e.g. a primary key another spec of the set already
// inserted) stops the load with the spec's name and the database's words.
import { readFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// integrationUtils.js imports '@jest/globals', which exists only inside Jest: resolve it to a stub.
const HOOKS = `
const STUB = 'data:text/javascript,' + encodeURIComponent('export const jest = { retryTimes() {}, setTimeout() {} }; export const expect = () => {}; export default { jest };');
export async function resolve(specifier, context, next) {
  return specifier === '@jest/globals' ? { url: STUB, shortCircuit: true } : next(specifier, context);
}`;
register('data:text/javascript,' + encodeURIComponent(HOOKS));

// What integrationDomainOps.setup() reads, plus what this loader handles itself.
const DOMAIN_KEYS = new Set([
  'accounts',
  'addressbooks',
  'addressbookentries',
  'addressbookserviceendpoints',
  'assessedcustomfees',
  'balances',
  'cryptotransfers',
  'contracts',
  'contractactions',
  'contractlogs',
  'contractresults',
  'contractStateChanges',
  'cryptoAllowances',
  'customfees',
  'entities',
  'entityStakes',
  'ethereumtransactions',
  'filedata',
  'nfts',
  'nodes',
  'nodestakes',
  'recordFiles',
  'schedules',
  'stakingRewardTransfers',
  'topicmessages',
  'topicmessagelookups',
  'tokens',
  'tokenaccounts',
  'tokenAllowances',
  'tokenBalance',
  'transactions',
  'transactionhashes',
  'transactionsignatures',
  'contractStates',
]);
const OWN_KEYS = new Set(['config', 'features', 'sql']);

const REST = process.env.LL_REST_DIR;
if (!REST) throw new Error('LL_REST_DIR is not set');

// Packages from the REST module's node_modules (this file lives elsewhere).
const fromRest = name => import(pathToFileURL(createRequire(path.join(REST, 'package.json')).resolve(name)).href);
const log4js = (await fromRest('log4js')).default;
globalThis.logger = log4js.getLogger();
globalThis.logger.level = 'warn';
const { default: _ } = await fromRest('lodash');
const { getPoolClass, JSONParse } = await import(path.join(REST, 'utils.js'));
const { default: restConfig } = await import(path.join(REST, 'config.js'));
const { default: ops } = await import(path.join(REST, '__tests__', 'integrationDomainOps.js'));
const { transformShardRealmValues } = await import(path.join(REST, '__tests__', 'integrationUtils.js'));

/** The first `shard.realm` other than 0.0 on a row of the setup (or in its config), or undefined. */
function otherShardRealm(value) {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = otherShardRealm(v);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    const shard = Number(value.shard ?? 0);
    const realm = Number(value.realm ?? 0);
    if ((shard !== 0 || realm !== 0) && ('shard' in value || 'realm' in value)) return `${shard}.${realm}`;
    for (const v of Object.values(value)) {
      const found = otherShardRealm(v);
      if (found) return found;
    }
  }
  return undefined;
}

/** Why this loader cannot load the spec as its tests do, or undefined. */
function refusal(name, setup) {
  const unknown = Object.keys(setup).filter(k => !DOMAIN_KEYS.has(k) && !OWN_KEYS.has(k));
  if (unknown.length) return `setup keys this loader does not know: ${unknown.join(', ')}`;
  const features = Object.keys(setup.features ?? {}).filter(k => k !== 'fakeTime');
  if (features.length) return `setup.features it does not know: ${features.join(', ')}`;
  // The server runs as shard.realm 0.0: a spec that needs it configured otherwise cannot be served.
  const common = setup.config?.common ?? {};
  if ((common.shard ?? 0) !== 0 || (common.realm ?? 0) !== 0)
    return `configures the server as shard.realm ${common.shard ?? 0}.${common.realm ?? 0} (the suite serves 0.0)`;
  if (name.includes('stateproof')) return 'state proofs need an object store with record files';
  return undefined;
}

function clockOf(t) {
  const d = typeof t === 'number' ? new Date(t * 1000) : new Date(t);
  if (Number.isNaN(d.getTime())) throw new Error(`fakeTime ${JSON.stringify(t)} is not a time`);
  return d
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '');
}

const Pool = getPoolClass();
const pristine = _.cloneDeep(restConfig);

async function loadSet(database, files) {
  // The domain loader reads the config too: each set starts from the module's defaults.
  for (const key of Object.keys(restConfig)) delete restConfig[key];
  Object.assign(restConfig, _.cloneDeep(pristine));
  globalThis.ownerPool = new Pool({
    host: process.env.PGHOST ?? '127.0.0.1',
    port: Number(process.env.PGPORT),
    user: 'mirror_node',
    password: 'mirror_node_pass',
    database,
  });
  const result = { loaded: [], skipped: [], config: {}, fakeTime: null };
  try {
    for (const file of files) {
      // A spec of the server's, or one of ours (test/real-mirror/own, written into the run's folder).
      const relative = path.relative(path.join(REST, '__tests__', 'specs'), file);
      const name = relative.startsWith('..') ? `ours/${path.basename(file)}` : relative;
      let spec;
      try {
        spec = transformShardRealmValues(JSONParse(readFileSync(file, 'utf8')));
      } catch (e) {
        result.skipped.push({ spec: name, reason: `unreadable: ${e.message}` });
        continue;
      }
      const setup = spec.setup ?? {};
      const why = refusal(name, setup);
      if (why) {
        result.skipped.push({ spec: name, reason: why });
        continue;
      }
      const notes = [];
      if (setup.config) {
        _.merge(restConfig, setup.config);
        _.merge(result.config, setup.config);
        notes.push(`config ${JSON.stringify(setup.config)}`);
      }
      if (setup.features?.fakeTime !== undefined) {
        const clock = clockOf(setup.features.fakeTime);
        if (result.fakeTime && result.fakeTime !== clock)
          throw new Error(`${name} freezes the clock at ${clock}, another spec of the set at ${result.fakeTime}`);
        result.fakeTime = clock;
        notes.push(`clock ${clock}`);
      }
      if (spec.matrix) notes.push(`matrix ${spec.matrix}: default config only`);
      // Rows of other shards and realms load and are served as such (a hover needs anyShardRealm).
      const other = otherShardRealm(setup);
      if (other) notes.push(`has rows in shard.realm ${other}`);
      try {
        await ops.setup(setup);
        for (const script of setup.sql?.scripts ?? [])
          await globalThis.ownerPool.query(
            readFileSync(path.join(REST, '__tests__', setup.sql.pathprefix ?? '', script), 'utf8'),
          );
        for (const fn of setup.sql?.funcs ?? [])
          await (await import(path.join(REST, '__tests__', setup.sql.pathprefix ?? '', fn))).default();
      } catch (e) {
        throw new Error(`loading ${name} failed: ${e.message}${e.detail ? ` (${e.detail})` : ''}`, { cause: e });
      }
      result.loaded.push({ spec: name, notes });
    }
  } catch (e) {
    result.error = e.message;
  } finally {
    await globalThis.ownerPool.end().catch(() => undefined);
  }
  return result;
}

const sets = {};
const args = process.argv.slice(2);
while (args.length) {
  const end = args.indexOf('--');
  const group = end < 0 ? args.splice(0) : args.splice(0, end + 1).slice(0, -1);
  const [set, database, ...files] = group;
  sets[set] = await loadSet(database, files);
  console.error(
    `set ${set}: ${sets[set].loaded.length} loaded, ${sets[set].skipped.length} skipped${sets[set].error ? `, ${sets[set].error}` : ''}`,
  );
}
console.log(JSON.stringify({ sets }));
