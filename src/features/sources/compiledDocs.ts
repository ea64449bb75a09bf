// The read-only documents of compiled text (`ledger-lens-compiled:/contracts/Vault.sol?site=s1f`):
// what the compiler compiled for the site's source, from its output, shown when the workspace file
// has changed since or is not in the workspace. Only the site key in the address is trusted: it
// names the compiled contract (and so the compilation) whose text is shown.
import type * as vscode from 'vscode';
import type { SourceIndexApi } from '../../source/api';
import type { SiteRegistry } from '../../trace/marks';
import { parseCompiledAddress } from './compiledUri';
import { EXPIRED_MESSAGE } from './siteText';

export interface CompiledDocumentInputs {
  readonly sites: () => SiteRegistry;
  readonly sources: () => SourceIndexApi;
}

export function compiledDocuments(inputs: CompiledDocumentInputs): vscode.TextDocumentContentProvider {
  return {
    provideTextDocumentContent: async uri => {
      const address = parseCompiledAddress(uri.path, uri.query);
      if (!address) return '// Not the address of a compiled source.\n';
      const target = inputs.sites().get(address.key);
      if (!target) return `// ${EXPIRED_MESSAGE}\n`;
      const name = target.site.sourceName;
      const text = await inputs.sources().compiledText(target.contract, name);
      return text ?? `// The compiler output no longer carries the text of ${name.replace(/[\r\n]/g, ' ')}.\n`;
    },
  };
}
