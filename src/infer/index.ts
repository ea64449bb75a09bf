// Which network the code in front of the developer means. Pure: no vscode, no file system, no
// network; the VS Code side hands in texts. Nothing read here is ever executed or used as an
// endpoint: inference only names one of the public networks or `local`.
import { VersionedCache } from './cache';
import { MAX_SOURCE_CHARS } from './evidence';
import { flavorOf } from './lexer';
import { type FileEvidence, inferFromSource } from './source';

export * from './cache';
export * from './evidence';
export * from './names';
export * from './resolve';
export * from './source';
export * from './workspace';
export { flavorOf, type Flavor } from './lexer';

export interface DocumentText {
  /** A stable key for the cache: the document's URI. */
  readonly uri: string;
  readonly version: number;
  readonly languageId?: string;
  readonly fileName?: string;
  /** Read only on a cache miss. */
  getText(): string;
}

/**
 * The document's own evidence, once per version. Undefined for a language inference does not
 * read and for a document over MAX_SOURCE_CHARS (then only the workspace counts).
 */
export class DocumentEvidence {
  private readonly cache: VersionedCache<FileEvidence | undefined>;

  constructor(capacity = 64) {
    this.cache = new VersionedCache(capacity);
  }

  of(doc: DocumentText): FileEvidence | undefined {
    const flavor = flavorOf(doc.languageId, doc.fileName);
    if (flavor === undefined) return undefined;
    return this.cache.get(doc.uri, doc.version, () => {
      const text = doc.getText();
      return text.length > MAX_SOURCE_CHARS ? undefined : inferFromSource(text, flavor);
    });
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }
}
export * from './reader';
