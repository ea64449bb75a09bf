// The transactions the EVM traces run (test/support/evmTraces.ts), in order, each from the state the
// one before left, with the ids Hedera gives the accounts and contracts involved.
import { encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { linkBytecode, type SampleBuild } from './evmSample';

export const PAYER_ID = '0.0.1001';
export const TOKEN_ID = '0.0.1002';
export const VAULT_ID = '0.0.1003';
/** ProxySetup, the external library VaultProxy's constructor calls. */
export const LIBRARY_ID = '0.0.1004';
/** VaultProxy, running Vault's code in its own storage. */
export const PROXY_ID = '0.0.1005';

/** The sample's contract each id holds once created: its source and name in the build-info. */
export const SAMPLE_CONTRACTS: Readonly<
  Record<string, { readonly sourceName: string; readonly contractName: string }>
> = {
  [TOKEN_ID]: { sourceName: 'contracts/MyToken.sol', contractName: 'MyToken' },
  [VAULT_ID]: { sourceName: 'contracts/Vault.sol', contractName: 'Vault' },
  [LIBRARY_ID]: { sourceName: 'contracts/ProxySetup.sol', contractName: 'ProxySetup' },
  [PROXY_ID]: { sourceName: 'contracts/VaultProxy.sol', contractName: 'VaultProxy' },
};

/** `0x` + 40 hex of a `0.0.n` id (the long-zero address). */
export function longZeroAddress(id: string): string {
  const num = /^0\.0\.(\d+)$/.exec(id);
  if (num === null) throw new Error(`not a 0.0.n id: ${id}`);
  return `0x${BigInt(num[1]).toString(16).padStart(40, '0')}`;
}

/** `0.0.n` of a long-zero address, else undefined. */
export function idOfLongZero(address: string): string | undefined {
  const hex = address.toLowerCase().replace(/^0x/, '');
  if (!/^0{24}[0-9a-f]{16}$/.test(hex)) return undefined;
  return `0.0.${BigInt(`0x${hex.slice(24)}`)}`;
}

export type ScenarioName =
  | 'deployToken'
  | 'deployVault'
  | 'approve'
  | 'deposit'
  | 'withdraw'
  | 'withdrawNothing'
  | 'withdrawAboveVaultBalance'
  | 'donate'
  | 'withdrawAboveDeposit'
  | 'withdrawOutOfGas'
  | 'deployLibrary'
  | 'deployProxy'
  | 'approveProxy'
  | 'depositViaProxy'
  | 'withdrawViaProxyAboveBalance';

export interface Transaction {
  readonly name: ScenarioName;
  readonly description: string;
  /** The contract called; none: a create at `createAt`. */
  readonly to?: string;
  readonly createAt?: string;
  readonly data: Hex;
  readonly gasLimit: number;
}

const INITIAL_SUPPLY = 1_000_000n;
const DEPOSIT = 600n;
const WITHDRAWAL = 200n;
const DONATION = 100n;
const PROXY_DEPOSIT = 300n;

/** The first ten: MyToken and Vault, called directly. */
function directTransactions(build: SampleBuild): Transaction[] {
  const token = (functionName: string, args: readonly unknown[]): Hex =>
    encodeFunctionData({ abi: build.token.abi, functionName, args });
  const vault = (functionName: string, args: readonly unknown[]): Hex =>
    encodeFunctionData({ abi: build.vault.abi, functionName, args });
  const vaultAddress = longZeroAddress(VAULT_ID);
  const held = DEPOSIT - WITHDRAWAL;
  return [
    {
      name: 'deployToken',
      description: `creates MyToken (${INITIAL_SUPPLY} tokens, 2 decimals) as ${TOKEN_ID}`,
      createAt: TOKEN_ID,
      data: encodeDeployData({
        abi: build.token.abi,
        bytecode: linkBytecode(build.token, {}),
        args: [INITIAL_SUPPLY, 2],
      }),
      gasLimit: 4_000_000,
    },
    {
      name: 'deployVault',
      description: `creates Vault for MyToken as ${VAULT_ID}`,
      createAt: VAULT_ID,
      data: encodeDeployData({
        abi: build.vault.abi,
        bytecode: linkBytecode(build.vault, {}),
        args: [longZeroAddress(TOKEN_ID)],
      }),
      gasLimit: 4_000_000,
    },
    {
      name: 'approve',
      description: `MyToken.approve(vault, ${DEPOSIT})`,
      to: TOKEN_ID,
      data: token('approve', [vaultAddress, DEPOSIT]),
      gasLimit: 300_000,
    },
    {
      name: 'deposit',
      description: `Vault.deposit(${DEPOSIT}): the vault takes the tokens with MyToken.transferFrom`,
      to: VAULT_ID,
      data: vault('deposit', [DEPOSIT]),
      gasLimit: 300_000,
    },
    {
      name: 'withdraw',
      description: `Vault.withdraw(${WITHDRAWAL}): MyToken.transfer pays, MyToken.balanceOf (a STATICCALL) reads what is left`,
      to: VAULT_ID,
      data: vault('withdraw', [WITHDRAWAL]),
      gasLimit: 300_000,
    },
    {
      name: 'withdrawNothing',
      description: 'Vault.withdraw(0): Vault reverts with "Vault: nothing to withdraw" before any call',
      to: VAULT_ID,
      data: vault('withdraw', [0n]),
      gasLimit: 300_000,
    },
    {
      name: 'withdrawAboveVaultBalance',
      description: `Vault.withdraw(1000) with ${held} in the vault: MyToken.transfer reverts with InsufficientBalance, and so does Vault`,
      to: VAULT_ID,
      data: vault('withdraw', [1000n]),
      gasLimit: 300_000,
    },
    {
      name: 'donate',
      description: `MyToken.transfer(vault, ${DONATION}): tokens in the vault that nobody deposited`,
      to: TOKEN_ID,
      data: token('transfer', [vaultAddress, DONATION]),
      gasLimit: 300_000,
    },
    {
      name: 'withdrawAboveDeposit',
      description: `Vault.withdraw(${held + DONATION / 2n}) with ${held} deposited: MyToken.transfer pays, then Vault panics (arithmetic underflow) after its call succeeded`,
      to: VAULT_ID,
      data: vault('withdraw', [held + DONATION / 2n]),
      gasLimit: 300_000,
    },
    {
      name: 'withdrawOutOfGas',
      description: 'Vault.withdraw(1) with a gas limit too small to finish',
      to: VAULT_ID,
      data: vault('withdraw', [1n]),
      gasLimit: 30_000,
    },
  ];
}

/** Then the library, the proxy (linked to the library's address) and calls through the proxy. */
function proxyTransactions(build: SampleBuild): Transaction[] {
  const proxyAddress = longZeroAddress(PROXY_ID);
  // The proxy answers with Vault's functions: calls to it are encoded with Vault's ABI.
  const viaProxy = (functionName: string, args: readonly unknown[]): Hex =>
    encodeFunctionData({ abi: build.vault.abi, functionName, args });
  const library = `${build.library.sourceName}:${build.library.contractName}`;
  return [
    {
      name: 'deployLibrary',
      description: `creates the external library ProxySetup as ${LIBRARY_ID}`,
      createAt: LIBRARY_ID,
      data: encodeDeployData({ abi: build.library.abi, bytecode: linkBytecode(build.library, {}) }),
      gasLimit: 1_000_000,
    },
    {
      name: 'deployProxy',
      description: `creates VaultProxy in front of Vault as ${PROXY_ID}, its code linked to ProxySetup: the constructor's ProxySetup.requireCode(vault) is a DELEGATECALL into the library`,
      createAt: PROXY_ID,
      data: encodeDeployData({
        abi: build.proxy.abi,
        bytecode: linkBytecode(build.proxy, { [library]: longZeroAddress(LIBRARY_ID) }),
        args: [longZeroAddress(VAULT_ID)],
      }),
      gasLimit: 1_000_000,
    },
    {
      name: 'approveProxy',
      description: `MyToken.approve(proxy, ${PROXY_DEPOSIT})`,
      to: TOKEN_ID,
      data: encodeFunctionData({ abi: build.token.abi, functionName: 'approve', args: [proxyAddress, PROXY_DEPOSIT] }),
      gasLimit: 300_000,
    },
    {
      name: 'depositViaProxy',
      description: `deposit(${PROXY_DEPOSIT}) to VaultProxy: a DELEGATECALL runs Vault.deposit in the proxy's storage, which takes the tokens to the proxy with MyToken.transferFrom`,
      to: PROXY_ID,
      data: viaProxy('deposit', [PROXY_DEPOSIT]),
      gasLimit: 300_000,
    },
    {
      name: 'withdrawViaProxyAboveBalance',
      description: `withdraw(1000) to VaultProxy holding ${PROXY_DEPOSIT}: the proxy DELEGATECALLs Vault.withdraw, whose MyToken.transfer reverts with InsufficientBalance three frames deep, and the whole transaction reverts`,
      to: PROXY_ID,
      data: viaProxy('withdraw', [1000n]),
      gasLimit: 300_000,
    },
  ];
}

/** Every transaction, in the order they run. */
export function transactions(build: SampleBuild): Transaction[] {
  return [...directTransactions(build), ...proxyTransactions(build)];
}
