// "Lookup transaction"'s quick pick: the ids on screen and the recent lookups to choose from, and
// whatever is typed as the first item once it parses (or, when it does not, an item saying which
// part is wrong). Accepting an item that parses resolves with it; hiding the pick resolves with
// undefined (cancelled). pickItems.ts decides what is listed.
import * as vscode from 'vscode';
import { pickModel, type PickEntry, type PickSources, type PickedLookup } from './pickItems';

export type { PickedLookup } from './pickItems';

type Item = vscode.QuickPickItem & { readonly entry: PickEntry };

const ICONS: Readonly<Record<PickEntry['kind'], string | undefined>> = {
  typed: 'search',
  invalid: 'error',
  screen: 'eye',
  recent: 'history',
  separator: undefined,
};

function toItem(entry: PickEntry): Item {
  if (entry.kind === 'separator') return { label: entry.label, kind: vscode.QuickPickItemKind.Separator, entry };
  const icon = ICONS[entry.kind];
  return {
    label: entry.label,
    description: entry.description,
    detail: entry.detail,
    // What is typed stays listed whatever the filter makes of it.
    alwaysShow: entry.kind === 'typed' || entry.kind === 'invalid',
    ...(icon ? { iconPath: new vscode.ThemeIcon(icon) } : {}),
    entry,
  };
}

/** Shows the pick; resolves with what to look up, or undefined when the user cancels. */
export function pickTransaction(sources: PickSources): Promise<PickedLookup | undefined> {
  const qp = vscode.window.createQuickPick<Item>();
  qp.title = 'Ledger Lens: Lookup transaction';
  qp.placeholder = 'Type or paste a transaction id, hash or HashScan link, or pick one below';
  qp.matchOnDetail = true;
  qp.matchOnDescription = true;
  // The value the items were made for: Enter can arrive before the items of a new value (a paste
  // and Enter at once), and the item it accepts then belongs to the value before.
  let renderedFor = '';
  const render = (value: string): void => {
    const model = pickModel(value, sources);
    const items = model.entries.map(toItem);
    renderedFor = value;
    qp.items = items;
    qp.prompt = model.prompt;
    // The typed item (or the id at the cursor when nothing is typed) is the one Enter takes.
    const first = items.find(i => i.kind !== vscode.QuickPickItemKind.Separator);
    if (first) qp.activeItems = [first];
  };
  render('');
  return new Promise<PickedLookup | undefined>(resolve => {
    let done = false;
    const finish = (value: PickedLookup | undefined): void => {
      if (done) return;
      done = true;
      resolve(value);
      qp.dispose();
    };
    qp.onDidChangeValue(render);
    qp.onDidAccept(() => {
      // Items made for another value: what is typed is what is meant (its item is listed first,
      // taken when it parses, saying what is wrong when it does not).
      const stale = qp.value !== renderedFor;
      if (stale) render(qp.value);
      const entry = stale ? pickModel(qp.value, sources).entries[0] : (qp.selectedItems[0] ?? qp.activeItems[0])?.entry;
      // A value that does not parse is not accepted: the pick stays, saying what is wrong.
      if (entry && 'pick' in entry) finish(entry.pick);
    });
    qp.onDidHide(() => finish(undefined));
    qp.show();
  });
}
