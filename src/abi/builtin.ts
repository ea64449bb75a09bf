// The ABIs Ledger Lens knows without a workspace, written here as data (Solidity human-readable
// signatures, parsed by viem's parseAbi on first use). Each says where it comes from. They are a
// representative subset, not every function ever added; see each list for what is covered.
import { parseAbi } from './viem';
import { TOKEN_SERVICE_SIGNATURES } from './builtinHts';
import { abiSchema } from './schemas';
import { indexContract } from './signature';
import type { IndexedContract } from './types';
import { nextTurn } from '../util/nextTurn';

interface BuiltinAbi {
  readonly name: string;
  /** Where the interface is defined. */
  readonly reference: string;
  /** The long-zero address of a system contract, for those that live at one. */
  readonly address?: string;
  readonly signatures: readonly string[];
}

// ERC-20 (EIP-20, eips.ethereum.org/EIPS/eip-20): the whole standard, with the optional metadata.
const ERC20: BuiltinAbi = {
  name: 'ERC-20',
  reference: 'EIP-20 (eips.ethereum.org/EIPS/eip-20)',
  signatures: [
    'function name() view returns (string)',
    'function symbol() view returns (string)',
    'function decimals() view returns (uint8)',
    'function totalSupply() view returns (uint256)',
    'function balanceOf(address account) view returns (uint256)',
    'function transfer(address to, uint256 amount) returns (bool)',
    'function transferFrom(address from, address to, uint256 amount) returns (bool)',
    'function approve(address spender, uint256 amount) returns (bool)',
    'function allowance(address owner, address spender) view returns (uint256)',
    'event Transfer(address indexed from, address indexed to, uint256 value)',
    'event Approval(address indexed owner, address indexed spender, uint256 value)',
  ],
};

// ERC-721 (EIP-721, eips.ethereum.org/EIPS/eip-721): the core interface, metadata and enumerable
// extensions.
const ERC721: BuiltinAbi = {
  name: 'ERC-721',
  reference: 'EIP-721 (eips.ethereum.org/EIPS/eip-721)',
  signatures: [
    'function balanceOf(address owner) view returns (uint256)',
    'function ownerOf(uint256 tokenId) view returns (address)',
    'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
    'function safeTransferFrom(address from, address to, uint256 tokenId)',
    'function transferFrom(address from, address to, uint256 tokenId)',
    'function approve(address approved, uint256 tokenId)',
    'function setApprovalForAll(address operator, bool approved)',
    'function getApproved(uint256 tokenId) view returns (address)',
    'function isApprovedForAll(address owner, address operator) view returns (bool)',
    'function name() view returns (string)',
    'function symbol() view returns (string)',
    'function tokenURI(uint256 tokenId) view returns (string)',
    'function totalSupply() view returns (uint256)',
    'function tokenByIndex(uint256 index) view returns (uint256)',
    'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
    'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
    'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
    'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  ],
};

// ERC-1155 (EIP-1155, eips.ethereum.org/EIPS/eip-1155): the core interface and the metadata URI.
const ERC1155: BuiltinAbi = {
  name: 'ERC-1155',
  reference: 'EIP-1155 (eips.ethereum.org/EIPS/eip-1155)',
  signatures: [
    'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
    'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
    'function balanceOf(address account, uint256 id) view returns (uint256)',
    'function balanceOfBatch(address[] accounts, uint256[] ids) view returns (uint256[])',
    'function setApprovalForAll(address operator, bool approved)',
    'function isApprovedForAll(address account, address operator) view returns (bool)',
    'function uri(uint256 id) view returns (string)',
    'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
    'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
    'event ApprovalForAll(address indexed account, address indexed operator, bool approved)',
    'event URI(string value, uint256 indexed id)',
  ],
};

// The token errors of ERC-6093 (eips.ethereum.org/EIPS/eip-6093), which OpenZeppelin Contracts 5
// reverts with (its interfaces/draft-IERC6093.sol): all of them.
const ERC6093: BuiltinAbi = {
  name: 'ERC-6093 token errors',
  reference: 'EIP-6093 (eips.ethereum.org/EIPS/eip-6093)',
  signatures: [
    'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
    'error ERC20InvalidSender(address sender)',
    'error ERC20InvalidReceiver(address receiver)',
    'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
    'error ERC20InvalidApprover(address approver)',
    'error ERC20InvalidSpender(address spender)',
    'error ERC721InvalidOwner(address owner)',
    'error ERC721NonexistentToken(uint256 tokenId)',
    'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
    'error ERC721InvalidSender(address sender)',
    'error ERC721InvalidReceiver(address receiver)',
    'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
    'error ERC721InvalidApprover(address approver)',
    'error ERC721InvalidOperator(address operator)',
    'error ERC1155InsufficientBalance(address sender, uint256 balance, uint256 needed, uint256 tokenId)',
    'error ERC1155InvalidSender(address sender)',
    'error ERC1155InvalidReceiver(address receiver)',
    'error ERC1155MissingApprovalForAll(address operator, address owner)',
    'error ERC1155InvalidApprover(address approver)',
    'error ERC1155InvalidOperator(address operator)',
    'error ERC1155InvalidArrayLength(uint256 idsLength, uint256 valuesLength)',
  ],
};

// What an HTS token answers at its own long-zero address besides ERC-20/721 (HIP-719 association,
// HIP-904 airdrops and token rejection): hashgraph/hedera-smart-contracts,
// contracts/system-contracts/hedera-token-service/IHRC719.sol and IHRC904Facade.sol. All of them.
const HRC_TOKEN: BuiltinAbi = {
  name: 'HRC token (IHRC719, IHRC904)',
  reference: 'hedera-smart-contracts: IHRC719.sol, IHRC904Facade.sol; HIP-719, HIP-904',
  signatures: [
    'function associate() returns (uint256 responseCode)',
    'function dissociate() returns (uint256 responseCode)',
    'function isAssociated() view returns (bool associated)',
    'function cancelAirdropFT(address receiverAddress) returns (int64 responseCode)',
    'function cancelAirdropNFT(address receiverAddress, int64 serialNumber) returns (int64 responseCode)',
    'function claimAirdropFT(address senderAddress) returns (int64 responseCode)',
    'function claimAirdropNFT(address senderAddress, int64 serialNumber) returns (int64 responseCode)',
    'function rejectTokenFT() returns (int64 responseCode)',
    'function rejectTokenNFTs(int64[] serialNumbers) returns (int64 responseCode)',
  ],
};

// What an account answers at its own address (HIP-906 hbar allowances, HIP-904 auto-association):
// hedera-smart-contracts, contracts/system-contracts/hedera-account-service/IHRC906Facade.sol and
// hedera-token-service/IHRC904Facade.sol. All of them.
const HRC_ACCOUNT: BuiltinAbi = {
  name: 'HRC account (IHRC906, IHRC904)',
  reference: 'hedera-smart-contracts: IHRC906Facade.sol, IHRC904Facade.sol; HIP-906, HIP-904',
  signatures: [
    'function hbarAllowance(address spender) returns (int64 responseCode, int256 amount)',
    'function hbarApprove(address spender, int256 amount) returns (int64 responseCode)',
    'function setUnlimitedAutomaticAssociations(bool enableAutoAssociations) returns (int64 responseCode)',
  ],
};

// The exchange rate system contract at 0x168 (HIP-475): hedera-smart-contracts, IExchangeRate.sol
// and the ExchangeRatePrecompile example. Both functions.
const EXCHANGE_RATE: BuiltinAbi = {
  name: 'Exchange rate system contract',
  reference: 'hedera-smart-contracts: IExchangeRate.sol; HIP-475',
  address: '0x0000000000000000000000000000000000000168',
  signatures: [
    'function tinycentsToTinybars(uint256 tinycents) payable returns (uint256 tinybars)',
    'function tinybarsToTinycents(uint256 tinybars) payable returns (uint256 tinycents)',
  ],
};

// The pseudo-random number system contract at 0x169 (HIP-351): hedera-smart-contracts,
// IPrngSystemContract.sol. Its one function.
const PRNG: BuiltinAbi = {
  name: 'PRNG system contract',
  reference: 'hedera-smart-contracts: IPrngSystemContract.sol; HIP-351',
  address: '0x0000000000000000000000000000000000000169',
  signatures: ['function getPseudorandomSeed() returns (bytes32 seedBytes)'],
};

// The account service at 0x16a (HIP-906, HIP-632): hedera-smart-contracts,
// contracts/system-contracts/hedera-account-service/IHederaAccountService.sol. All its functions.
const ACCOUNT_SERVICE: BuiltinAbi = {
  name: 'Hedera account service',
  reference: 'hedera-smart-contracts: IHederaAccountService.sol; HIP-906, HIP-632',
  address: '0x000000000000000000000000000000000000016a',
  signatures: [
    'function hbarAllowance(address owner, address spender) returns (int64 responseCode, int256 amount)',
    'function hbarApprove(address owner, address spender, int256 amount) returns (int64 responseCode)',
    'function getEvmAddressAlias(address accountNumAlias) returns (int64 responseCode, address evmAddressAlias)',
    'function getHederaAccountNumAlias(address evmAddressAlias) returns (int64 responseCode, address accountNumAlias)',
    'function isValidAlias(address addr) returns (bool response)',
    'function isAuthorizedRaw(address account, bytes messageHash, bytes signature) returns (int64 responseCode, bool authorized)',
    'function isAuthorized(address account, bytes message, bytes signature) returns (int64 responseCode, bool authorized)',
  ],
};

// The token service at 0x167: hedera-smart-contracts,
// contracts/system-contracts/hedera-token-service/IHederaTokenService.sol (see builtinHts.ts).
const TOKEN_SERVICE: BuiltinAbi = {
  name: 'Hedera token service',
  reference: 'hedera-smart-contracts: IHederaTokenService.sol; HIP-206, HIP-218, HIP-376, HIP-514, HIP-904',
  address: '0x0000000000000000000000000000000000000167',
  signatures: TOKEN_SERVICE_SIGNATURES,
};

/** In the order candidates are tried when nothing else tells which applies. */
export const BUILTIN_ABIS: readonly BuiltinAbi[] = [
  ERC20,
  ERC721,
  ERC1155,
  ERC6093,
  HRC_TOKEN,
  HRC_ACCOUNT,
  TOKEN_SERVICE,
  EXCHANGE_RATE,
  PRNG,
  ACCOUNT_SERVICE,
];

let built: readonly IndexedContract[] | undefined;

function buildOne(b: BuiltinAbi): IndexedContract {
  const abi = abiSchema.parse(parseAbi(b.signatures));
  const origin = { kind: 'builtin' as const, name: b.name, reference: b.reference };
  return indexContract(b.address ? { ...origin, address: b.address } : origin, b.name, abi);
}

/** The built-in ABIs, indexed (parsed once, on first use). */
export function builtinContracts(): readonly IndexedContract[] {
  built ??= BUILTIN_ABIS.map(buildOne);
  return built;
}

/**
 * The same, parsed one ABI per turn of the event loop: the first parse (cold code, the token
 * service's structs) would otherwise be one long task on the extension host.
 */
export async function builtinContractsInTurns(): Promise<readonly IndexedContract[]> {
  if (built) return built;
  const out: IndexedContract[] = [];
  for (const b of BUILTIN_ABIS) {
    out.push(buildOne(b));
    await nextTurn();
  }
  built ??= out;
  return built;
}
