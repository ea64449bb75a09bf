// Whether a workspace file is still the text the compiler compiled (pure: no vscode). Hardhat's
// build-info and a solc standard-JSON input carry the text itself: the file must equal it. Foundry's
// output carries only its metadata's keccak-256 of each source: the file's bytes must hash to it.
// With neither, nobody can tell, and the answer says so.

/** What the compiler output says about the text it compiled. */
export interface CompiledEvidence {
  /** The text compiled, when the output carries it. */
  readonly text?: string;
  /** keccak-256 of the text compiled (`0x` + 64 hex), from the metadata. */
  readonly keccak256?: string;
}

export type DriftAnswer =
  { readonly kind: 'same' } | { readonly kind: 'changed' } | { readonly kind: 'unknown'; readonly reason: string };

const HASH = /^0x[0-9a-fA-F]{64}$/;

/**
 * Compares the file's current text with what was compiled. `keccak` hashes the text's UTF-8 bytes
 * (`0x` + 64 hex); it is called only when there is no compiled text but a hash to compare with.
 */
export function compareWithCompiled(
  fileText: string,
  compiled: CompiledEvidence,
  keccak: (text: string) => string,
): DriftAnswer {
  if (compiled.text !== undefined) return compiled.text === fileText ? { kind: 'same' } : { kind: 'changed' };
  const hash = compiled.keccak256;
  if (hash !== undefined && HASH.test(hash)) {
    return keccak(fileText).toLowerCase() === hash.toLowerCase() ? { kind: 'same' } : { kind: 'changed' };
  }
  return {
    kind: 'unknown',
    reason:
      hash === undefined
        ? 'the compiler output has neither the compiled text nor its hash'
        : 'the compiler output has no compiled text, and its hash of the text is not a keccak-256 hash',
  };
}
