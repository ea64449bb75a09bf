// What the ABIs add to a hover: for a contract transaction, one line with the decoded call and its
// outcome (`MyToken.transfer(to: 0.0.1234, amount: 1,500.00 MTK) → true`); for a contract, the workspace
// artifact whose bytecode it runs, with a link opening the source. Decoded text is network text:
// it goes out through codeSpan only (rendered literally, invisibles shown).
import {
  contractResultLine,
  decodeContractResult,
  fungibleTokens,
  RAW_UNITS,
  resultInput,
  resolveUnits,
  tokenAddresses,
  withUnits,
  type AbiIndex,
} from '../../abi';
import type { ContractInfo, MirrorClient, TokenMetadata, TransactionsResponse } from '../../mirror';
import { codeSpan, commandLink, escapeMarkdown } from '../common/markdown';

const CONTRACT_TYPES = new Set(['CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'ETHEREUMTRANSACTION']);

interface Opts {
  readonly signal: AbortSignal;
  readonly allowStale: boolean;
}

/** The decoded line for a contract transaction, or undefined (not a contract call, nothing to say). */
export async function transactionCallLine(
  abi: AbiIndex,
  client: MirrorClient,
  body: TransactionsResponse,
  opts: Opts,
  /** The token metadata of the client's network (the services' cache); without it, raw units. */
  tokens?: TokenMetadata,
): Promise<string | undefined> {
  const t = body.transactions.find(
    x => x.name && CONTRACT_TYPES.has(x.name) && (x.nonce ?? 0n) === 0n && x.scheduled !== true && x.transaction_id,
  );
  if (!t?.transaction_id) return undefined;
  try {
    const r = await client.getContractResult(t.transaction_id, {}, opts);
    const contract = r.contract_id ?? r.to ?? undefined;
    const code = contract
      ? await client.getContract(contract, opts).then(
          c => c.runtime_bytecode,
          () => undefined,
        )
      : undefined;
    const decoded = decodeContractResult(abi, resultInput(r, false), code);
    // `amount: 1,500.00 MTK` when the call is addressed to an HTS token, else `(raw units)`.
    const units = tokens
      ? await resolveUnits(tokenAddresses(decoded), id => tokens.get(id, { priority: 3, signal: opts.signal }))
      : RAW_UNITS;
    // An HTS token's call reads as the built-in ERC-20 once its metadata says it is one.
    const asToken = decodeContractResult(abi, resultInput(r, false), code, undefined, fungibleTokens(units));
    const line = contractResultLine(withUnits(asToken, units), { maxChars: 60, maxItems: 4 });
    return line ? `Call: ${codeSpan(line, 600)}` : undefined;
  } catch {
    // The transaction hover stands on its own; a missing contract result only drops this line.
    return undefined;
  }
}

/** The artifact line for a contract whose runtime bytecode matches a workspace artifact. */
export function contractArtifactLine(abi: AbiIndex, contract: ContractInfo): string | undefined {
  const match = abi.matchContract({ runtimeBytecode: contract.runtime_bytecode ?? undefined });
  if (match?.kind !== 'bytecode' || match.contract.origin.kind !== 'artifact') return undefined;
  const { contractName, sourceName, file } = match.contract.origin;
  const link = commandLink('open source', 'ledgerLens.openContractSource', { file }, 'Open the Solidity source');
  return `Artifact: ${codeSpan(contractName, 100)}${sourceName ? `, ${codeSpan(sourceName, 200)}` : ''} (${link})${
    match.others.length ? ` ${escapeMarkdown(`and ${match.others.length} more with the same code`)}` : ''
  }`;
}

/** `Call trace: reverted in Vault.withdraw → MyToken.transfer: …` (network and workspace text, as code). */
export function traceLeadLine(oneLiner: string | undefined): string | undefined {
  return oneLiner ? `Call trace: ${codeSpan(oneLiner, 300)}` : undefined;
}
