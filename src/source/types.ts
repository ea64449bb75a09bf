// The shapes of the compiler-output layer: what the workspace's full compiler output (Hardhat
// build-info, Foundry out/ with its AST, a solc standard-JSON file) says about one compiled
// contract, and where in its source a revert comes from. Pure data: no vscode, no Node APIs.
// Source text and AST strings come from workspace files: untrusted, shown as text only.
import type { PreparedCode } from '../abi/types';

/** One entry of a decompressed solc source map (`s:l:f:j:m`), for one instruction. */
export interface SourceMapEntry {
  /** Byte offset into the source file (UTF-8 bytes, as solc counts). */
  readonly start: number;
  readonly length: number;
  /** Source id; -1: no source (compiler-inserted code without a place). */
  readonly fileIndex: number;
  /** `i` into a function, `o` out of one, `-` a regular jump. */
  readonly jump: 'i' | 'o' | '-';
  readonly modifierDepth: number;
}

/** Where compiled code came from. */
export interface CompilerOutputOrigin {
  readonly kind: 'hardhat-build-info' | 'foundry' | 'solc-json';
  /** Workspace-relative path of the file read (forward slashes). */
  readonly file: string;
}

/** A source the compiler compiled, by id (user sources first; `generated` are the Yul helpers). */
export interface CompiledSource {
  readonly id: number;
  /** Its source unit name (`contracts/Vault.sol`), or the generated source's name (`#utility.yul`). */
  readonly name: string;
  readonly generated: boolean;
  /** The text the compiler compiled, when the output carries it (build-info's input; generated sources). */
  readonly content?: string;
  /** keccak-256 (0x + 64 hex) of the compiled text, from the metadata, when there is no content. */
  readonly keccak256?: string;
}

/** What the index keeps for each compiled contract: small, so thousands fit (no AST, no text). */
export interface CompiledContractRef {
  /** Unique within the index: `<origin file>#<source name>:<contract name>`. */
  readonly key: string;
  readonly contractName: string;
  readonly sourceName: string;
  readonly origin: CompilerOutputOrigin;
  readonly solcVersion?: string;
  /** Deployed (runtime) code prepared for matching, as the ABI index prepares it. */
  readonly code: PreparedCode;
  /** Whether the output had what the inferred site needs (the AST), and the source map. */
  readonly hasAst: boolean;
  readonly hasSourceMap: boolean;
}

/** A compiled contract with what a site needs: read from its file on demand (see SourceIndex.load). */
export interface CompiledContractDetail {
  readonly ref: CompiledContractRef;
  /** The deployed code's compressed source map, when the output has it. */
  readonly deployedSourceMap?: string;
  /** Every source of the compilation the contract's code or AST refers to, by id. */
  readonly sources: ReadonlyMap<number, CompiledSource>;
  /** The solc AST (`ast` of each source, compact JSON form), by source id; untrusted, checked where read. */
  readonly asts: ReadonlyMap<number, unknown>;
  /** The contract's ABI function selectors: `0x` + 8 hex → signature (`withdraw(uint256)`). */
  readonly selectors: ReadonlyMap<string, string>;
}

/** A place in a compiled source. Lines and columns are 1-based; offsets are UTF-8 byte offsets. */
export interface SourceSite {
  /** Source unit name as compiled (`contracts/Vault.sol`): the workspace path relative to the project root. */
  readonly sourceName: string;
  readonly start: number;
  readonly length: number;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** The statement's text, on one line, cut to 200 characters (shown as text). */
  readonly text: string;
}

/** What kind of statement can produce the revert. */
export type RevertSiteKind =
  | 'revert-error' // revert E(…)
  | 'require-error' // require(cond, E(…))
  | 'require-message' // require(cond, "message")
  | 'revert-message' // revert("message") / revert()
  | 'assert' // assert(cond): Panic(0x01)
  | 'panic'; // a checked arithmetic or other Panic(code) site

export interface RevertSite extends SourceSite {
  readonly kind: RevertSiteKind;
  /** How the function reaches it when not directly: `modifier onlyOwner`, `_move`, `SafeMath.sub`. */
  readonly via?: string;
}

/**
 * Where a revert happened. `inferred`: from the function and the decoded error, the sites in the
 * function's AST that can produce it (one: it; several: all, "one of"). `exact`: from an opcode
 * trace and the source map (the debugger). `none`: why not, in words.
 */
export type SiteAnswer =
  | { readonly kind: 'exact'; readonly site: RevertSite }
  | { readonly kind: 'inferred'; readonly sites: readonly RevertSite[] }
  | { readonly kind: 'none'; readonly reason: string };

/** The decoded error the site must produce (what src/abi decoded from the revert data). */
export type RevertToFind =
  | { readonly kind: 'custom'; readonly name: string; readonly selector: string }
  | { readonly kind: 'error-string'; readonly reason: string }
  | { readonly kind: 'panic'; readonly code: bigint }
  | { readonly kind: 'empty' };
