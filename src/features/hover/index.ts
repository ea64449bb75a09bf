// The hover feature: entity ids, EVM addresses and transaction ids in any file resolve against the
// mirror node of the selected network.
import * as vscode from 'vscode';
import type { ExchangeRates } from '../../mirror/rates';
import type { MirrorClient } from '../../mirror';
import type { FeatureHost, Setting } from '../context';
import { HOVER_COMMANDS } from './content';
import { HoverResolver, type HoverSettings } from './resolver';

/** What the hover feature uses (see the pattern in ../context.ts). */
export interface HoverInputs {
  readonly mirror: () => MirrorClient;
  readonly settings: Setting<HoverSettings>;
  /** What was learnt about ids belongs to one network. */
  readonly onDidChangeMirrorClient: vscode.Event<unknown>;
  /** The current network's exchange rates (balances in dollars); undefined when dollars are off. */
  readonly rates?: () => ExchangeRates | undefined;
}

/** What integration tests reach through `exports.features.hover`. */
export interface HoverFeature {
  readonly provider: vscode.HoverProvider;
  readonly resolver: HoverResolver;
}

export function registerHover(host: FeatureHost, inputs: HoverInputs): vscode.Disposable {
  const resolver = new HoverResolver({
    client: inputs.mirror,
    config: () => inputs.settings.current,
    ...(inputs.rates ? { rates: inputs.rates } : {}),
  });
  const provider: vscode.HoverProvider = {
    async provideHover(document, position, token) {
      const line = document.lineAt(position.line).text;
      // Cheap and synchronous: most hovers are over text that holds no reference.
      const reference = resolver.find(line, position.character, document.languageId);
      if (!reference) return undefined;
      // Moving the mouse away cancels the token; the request stops when nobody else waits on it.
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        if (token.isCancellationRequested) return undefined;
        const markdown = await resolver.describe(reference, controller.signal);
        if (markdown === undefined || token.isCancellationRequested) return undefined;
        return new vscode.Hover(
          trustedMarkdown(markdown),
          new vscode.Range(position.line, reference.start, position.line, reference.end),
        );
      } finally {
        sub.dispose();
      }
    },
  };
  const feature: HoverFeature = { provider, resolver };
  host.exports.features['hover'] = feature;
  return vscode.Disposable.from(
    vscode.languages.registerHoverProvider({ scheme: '*' }, provider),
    // What was learnt about ids belongs to one network.
    inputs.onDidChangeMirrorClient(() => resolver.reset()),
  );
}

/** Markdown whose links may run only our own hover commands; no HTML, no theme icons. */
export function trustedMarkdown(markdown: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(markdown, false);
  md.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
  md.supportHtml = false;
  return md;
}
