// `ledgerLens.openRevertSite`: a panel's site link (its key, issued by the session's SiteRegistry)
// opened in the editor. The workspace file when it is still what was compiled, with the statement
// selected and in the middle of the view; else the compiled text, read-only, at the same place, with
// a message saying why (the file has changed since, or is not in the workspace). Without compiled
// text (Foundry keeps a hash only) a changed file is still opened, with a warning that the statement
// may have moved; when nobody can tell (neither text nor hash), the file is opened and that is said.
// A key the session does not know (never issued, or forgotten since) gets a message, never a guess.
import * as vscode from 'vscode';
import type { SiteRegistry, SiteTarget } from '../../trace/marks';
import { notify } from '../../app/notifications';
import { COMPILED_SCHEME, compiledAddress, siteKeyOf } from './compiledUri';
import type { SourceLocator } from './locate';
import {
  changedMessage,
  changedWithoutTextMessage,
  EXPIRED_MESSAGE,
  notFoundMessage,
  unavailableMessage,
  unknownDriftMessage,
} from './siteText';

/** What the command did (returned through executeCommand, for tests). */
export type OpenSiteOutcome =
  | { readonly kind: 'file'; readonly uri: string; readonly line: number; readonly message?: string }
  | {
      readonly kind: 'compiled';
      readonly uri: string;
      readonly line: number;
      readonly why: 'changed' | 'not-found';
      readonly message: string;
    }
  | { readonly kind: 'expired'; readonly message: string }
  | { readonly kind: 'unavailable'; readonly message: string };

export interface OpenSiteDeps {
  readonly sites: () => SiteRegistry;
  readonly locator: SourceLocator;
}

export async function openRevertSite(deps: OpenSiteDeps, arg: unknown): Promise<OpenSiteOutcome> {
  const key = siteKeyOf(arg);
  const target = key === undefined ? undefined : deps.sites().get(key);
  if (key === undefined || !target) {
    void notify('warning', EXPIRED_MESSAGE);
    return { kind: 'expired', message: EXPIRED_MESSAGE };
  }
  const { contract, site } = target;
  const name = site.sourceName;
  const file = await deps.locator.fileOf(contract, name, true);
  const hasText = (await deps.locator.evidence(contract, name)).text !== undefined;
  if (file) {
    const document = await vscode.workspace.openTextDocument(file);
    const drift = await deps.locator.driftOf(document, contract, name);
    // Changed with no compiled text to show instead (Foundry keeps only a hash): the file, with a warning.
    if (drift.kind !== 'changed' || !hasText) {
      const line = await showSite(document, target);
      if (drift.kind === 'same') return { kind: 'file', uri: file.toString(), line };
      const message = drift.kind === 'changed' ? changedWithoutTextMessage(name) : unknownDriftMessage(name);
      void notify(drift.kind === 'changed' ? 'warning' : 'information', message);
      return { kind: 'file', uri: file.toString(), line, message };
    }
  } else if (!hasText) {
    const message = unavailableMessage(name);
    void notify('warning', message);
    return { kind: 'unavailable', message };
  }
  const why = file ? 'changed' : 'not-found';
  const uri = compiledUri(name, key);
  const line = await showSite(await asSolidity(await vscode.workspace.openTextDocument(uri)), target);
  const message = why === 'changed' ? changedMessage(name) : notFoundMessage(name);
  void notify('information', message);
  return { kind: 'compiled', uri: uri.toString(), line, why, message };
}

/** The read-only document of the compiled text of `sourceName`, for the site `key`. */
export function compiledUri(sourceName: string, key: string): vscode.Uri {
  const { path, query } = compiledAddress(sourceName, key);
  return vscode.Uri.from({ scheme: COMPILED_SCHEME, path, query });
}

/** The site's statement as a range of `document` (1-based lines and columns, kept inside the document). */
export function siteRange(document: vscode.TextDocument, target: SiteTarget): vscode.Range {
  const { line, column, endLine, endColumn } = target.site;
  const at = (l: number, c: number) => new vscode.Position(Math.max(0, l - 1), Math.max(0, c - 1));
  const start = at(line, column);
  const end = at(endLine, endColumn);
  return document.validateRange(new vscode.Range(start, end.isBefore(start) ? start : end));
}

/** The compiled text coloured as Solidity, when an extension for the language is installed. */
async function asSolidity(document: vscode.TextDocument): Promise<vscode.TextDocument> {
  if (document.languageId === 'solidity' || !(await vscode.languages.getLanguages()).includes('solidity'))
    return document;
  return vscode.languages.setTextDocumentLanguage(document, 'solidity');
}

/** Shows `document` with the site's statement selected, in the middle of the view; its 1-based line. */
async function showSite(document: vscode.TextDocument, target: SiteTarget): Promise<number> {
  const range = siteRange(document, target);
  const editor = await vscode.window.showTextDocument(document, { selection: range, preview: true });
  editor.revealRange(range, vscode.TextEditorRevealType.InCenter);
  return range.start.line + 1;
}
