// The one HTML builder for every panel: a strict CSP (default-src 'none', scripts by nonce,
// nothing remote), the panel's browser bundle, and its first state inlined as JSON.
import * as vscode from 'vscode';
import { bytesToBase64 } from '../ledger/encoding';

/**
 * 18 random bytes, base64url (24 characters: 18 bytes need no padding). Web Crypto and no Buffer:
 * Node's crypto module loads with the first panel, not at startup, and a browser has neither.
 */
export function makeNonce(): string {
  return bytesToBase64(globalThis.crypto.getRandomValues(new Uint8Array(18)))
    .replaceAll('+', '-')
    .replaceAll('/', '_');
}

/** JSON that is safe inside a <script> element: no `<`, no line separators that end it. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PanelHtmlOptions {
  readonly extensionUri: vscode.Uri;
  /** The panel's bundle name: dist/webview/<script>.js (and .css if the panel has one). */
  readonly script: string;
  readonly title: string;
  readonly initialState: unknown;
  readonly hasCss?: boolean;
}

/** Text as HTML text: the five characters that could open markup, as character references. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, ch => `&#${ch.charCodeAt(0)};`);
}

/** Folders a panel may load from: only the built assets. */
export function localResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(extensionUri, 'media')];
}

export function panelHtml(webview: vscode.Webview, options: PanelHtmlOptions): string {
  const nonce = makeNonce();
  const asset = (file: string) =>
    webview.asWebviewUri(vscode.Uri.joinPath(options.extensionUri, 'dist', 'webview', file));
  const csp = [
    "default-src 'none'",
    `img-src ${webview.cspSource} data:`,
    `font-src ${webview.cspSource}`,
    `style-src ${webview.cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const title = escapeHtml(options.title);
  const css = options.hasCss
    ? `<link rel="stylesheet" nonce="${nonce}" href="${asset(`${options.script}.css`).toString()}">`
    : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<!-- FAST (the webview toolkit) reads this to put the nonce on the one <style> it inserts, a feature probe that the CSP would otherwise block. -->
<meta property="csp-nonce" content="${nonce}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${title}</title>
${css}
</head>
<body>
<div id="app" role="main" aria-busy="true"></div>
<script type="application/json" id="initial-state" nonce="${nonce}">${inlineJson(options.initialState)}</script>
<script type="module" nonce="${nonce}" src="${asset(`${options.script}.js`).toString()}"></script>
</body>
</html>`;
}

/**
 * A page with no script and nothing to load: a panel that cannot show what it was about says why
 * (`message`) and how to get it back (`again`), both plain text.
 */
export function unrestorableHtml(message: string, again: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
</head>
<body>
<main role="alert"><p>${escapeHtml(message)}</p><p>${escapeHtml(again)}</p></main>
</body>
</html>`;
}
