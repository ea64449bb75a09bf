// The units of a deployed token's amounts: when a contract speaks ERC-20 (its ABI has `decimals()`
// and `symbol()`), the amounts its balanceOf, totalSupply and allowance return are also shown in
// its units. Both are read once per deployment (two read calls) and kept; a contract that does not
// answer them is shown in raw units, as it is.
import { decodeResult, type AbiFunction, type TokenUnits } from '../../abi';
import { encodeCallFromText } from '../../abi/callArgs';
import type { CallDeps } from './calls';
import { CALL_GAS } from './calls';
import type { KnownDeployment } from './model';

/** The functions whose (first) output is an amount of the contract's own token. */
const AMOUNT_FUNCTIONS: ReadonlySet<string> = new Set([
  'balanceOf(address)',
  'totalSupply()',
  'allowance(address,address)',
]);

const MAX_DECIMALS = 77;

export function tokenUnitsOf(
  deps: CallDeps,
): (d: KnownDeployment, fn: AbiFunction) => Promise<{ readonly units?: TokenUnits }> {
  const known = new Map<string, Promise<TokenUnits | undefined>>();
  return async (d, fn) => {
    const signature = `${fn.name}(${fn.inputs.map(i => i.type).join(',')})`;
    if (!AMOUNT_FUNCTIONS.has(signature) || !d.contract) return {};
    let units = known.get(d.key);
    if (!units) {
      units = readUnits(deps, d).catch(() => undefined);
      known.set(d.key, units);
    }
    const found = await units;
    return found ? { units: found } : {};
  };
}

async function readUnits(deps: CallDeps, d: KnownDeployment): Promise<TokenUnits | undefined> {
  const decimals = d.contract?.functions.find(f => f.signature === 'decimals()');
  const symbol = d.contract?.functions.find(f => f.signature === 'symbol()');
  if (!decimals || !symbol) return undefined;
  const client = deps.clientFor(d.network);
  const read = async (fn: AbiFunction) => {
    const encoded = encodeCallFromText(fn, []);
    if (!encoded.ok) return undefined;
    const answer = await client.callContract(
      { to: d.evmAddress, data: encoded.data, gas: CALL_GAS, block: 'latest' },
      { priority: 'visible' },
    );
    if (answer.kind !== 'result') return undefined;
    const decoded = decodeResult(fn, answer.result);
    return decoded.kind === 'result' ? decoded.outputs[0]?.value : undefined;
  };
  const [dec, sym] = await Promise.all([read(decimals.item), read(symbol.item)]);
  if (dec?.kind !== 'int' || dec.value < 0n || dec.value > BigInt(MAX_DECIMALS)) return undefined;
  const text = sym?.kind === 'bytes' ? sym.text : undefined;
  if (text === undefined) return undefined;
  return { decimals: Number(dec.value), symbol: text.slice(0, 32) };
}
