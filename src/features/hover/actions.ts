// The links of a hover: its actions (open, copy, HashScan, JSON), shown at the top under the title
// as GitLens shows a commit's, and the entity ids inside it, each a link that opens what it names.
// Every link runs one of our commands (content.ts's HOVER_COMMANDS, the MarkdownString's
// allow-list), its argument JSON-encoded into the URI as commandLink does. Pure (no vscode).
import type { EntityTarget } from '../../ledger';
import { formatEntityId, parseEntityId } from '../../ledger';
import { codeSpan, commandLink } from '../common/markdown';

/** What the actions depend on besides the target. */
export interface ActionEnv {
  /** Whether HashScan has pages for this network. */
  readonly hashscan: boolean;
  /** The network asked: a link that opens a panel carries it, so the panel asks the same one. */
  readonly mirrorNetwork?: string;
}

export interface LinkSet {
  readonly target: EntityTarget;
  /** Offer "Open in sidebar" (accounts). */
  readonly sidebar?: boolean;
  /** Offer "Contract results" (contracts). */
  readonly results?: boolean;
}

const SEP = ' · ';

/** The hover's actions, one line: the ones that open first, then copy, then HashScan and JSON. */
export function actionLine({ target, sidebar, results }: LinkSet, env: ActionEnv): string {
  const out: string[] = [];
  if (target.kind === 'transaction') {
    const args = env.mirrorNetwork === undefined ? target : { ...target, network: env.mirrorNetwork };
    out.push(commandLink('Open transaction', 'ledgerLens.openTransaction', args, 'Show the transaction in a panel'));
    out.push(commandLink('Copy id', 'ledgerLens.copyTransactionId', target));
  } else {
    if (sidebar)
      out.push(
        commandLink('Open in sidebar', 'ledgerLens.revealAccount', target, 'Show the account in the Accounts view'),
      );
    if (results)
      out.push(
        commandLink(
          'Contract results',
          'ledgerLens.showContractResults',
          { kind: 'contract', id: target.id },
          'Show the results of calls to this contract',
        ),
      );
    out.push(commandLink('Copy id', 'ledgerLens.copyId', target));
    if (target.evmAddress) out.push(commandLink('Copy EVM address', 'ledgerLens.copyEvmAddress', target));
  }
  if (env.hashscan) out.push(commandLink('Open in HashScan', 'ledgerLens.openInHashScan', target));
  out.push(commandLink('Open as JSON', 'ledgerLens.openAsJson', target));
  return out.join(SEP);
}

/**
 * An account id as a link that shows it in the Accounts view: `[`0.0.3`](command:…)`. Text that is
 * not an entity id (the network may send anything) stays a code span, never a link.
 */
export function accountLink(id: string | null | undefined): string {
  const parsed = id ? parseEntityId(id) : undefined;
  if (!parsed) return id ? codeSpan(id, 100) : 'none';
  const canonical = formatEntityId(parsed);
  return idLink(canonical, 'ledgerLens.revealAccount', { kind: 'account', id: canonical }, 'Show in the Accounts view');
}

/** A contract id as a link that opens its contract results; not an id: a code span. */
export function contractLink(id: string | null | undefined): string {
  const parsed = id ? parseEntityId(id) : undefined;
  if (!parsed) return id ? codeSpan(id, 100) : 'none';
  const canonical = formatEntityId(parsed);
  return idLink(
    canonical,
    'ledgerLens.showContractResults',
    { kind: 'contract', id: canonical },
    'Show the results of calls to this contract',
  );
}

/**
 * `[`0.0.3`](command:id?args "title")`: the id in a code span as the link's text (an entity id
 * holds only digits and dots), the arguments encoded as commandLink encodes them.
 */
function idLink(id: string, command: string, args: unknown, title: string): string {
  return `[${codeSpan(id, 100)}](command:${command}?${encodeURIComponent(JSON.stringify(args))} "${title}")`;
}
