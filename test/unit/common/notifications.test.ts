// Every notification goes through one door (src/app/notifications.ts), which makes its
// whole text inert: VS Code turns `[label](command:…)` in a notification into a live link, and a
// server's message or a workspace's script or folder name can carry one. Two checks: the sources
// hold no other show*Message call (read with the TypeScript parser, aliases and destructuring
// included), and hostile text sent down every path reaches VS Code as plain text.
import * as assert from 'assert';
import fc from 'fast-check';
import * as fs from 'fs';
import Module from 'module';
import * as path from 'path';
import ts from 'typescript';
import { errorNotice, notFoundNotice } from '../../../src/features/common/notices';
import { parseSettings } from '../../../src/app/settings';

const ENDPOINTS = parseSettings({}).config.endpoints;
import { failureMessage } from '../../../src/features/common/detailPanel/notify';
import type * as Notifications from '../../../src/app/notifications';
import { changeNotice } from '../../../src/features/status/present';
import { MirrorError } from '../../../src/mirror';
import { forNotification } from '../../../src/present';
import { projectRoot } from '../ledger/paths';

/** The one file allowed to call VS Code's show*Message. */
const DOOR = 'src/app/notifications.ts';
const SHOW_MESSAGE = /^show(?:Information|Warning|Error)Message$/;

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

const isLiteralKey = (node: ts.Expression): boolean =>
  ts.isStringLiteralLike(node) || ts.isNumericLiteral(node) || ts.isPrefixUnaryExpression(node);

/**
 * `line: text` for each place a source reaches a show*Message function: by name (a call, an
 * alias, a destructured binding, `window['showErrorMessage']`), by a computed key on `window`
 * (`window[name]`), or by handing the `window` namespace itself to something else.
 */
export function showMessageUses(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node): void => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${line + 1}: ${node.getText(source).slice(0, 80)}`);
  };
  // What names `vscode` and its `window` in this file: `import * as vscode`, `import { window as w }`.
  const vscodeNames = new Set<string>();
  const windowNames = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== 'vscode') continue;
    const clause = statement.importClause;
    if (clause?.name) vscodeNames.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) vscodeNames.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings))
      for (const el of bindings.elements)
        if ((el.propertyName ?? el.name).text === 'window') windowNames.add(el.name.text);
  }
  const isWindow = (node: ts.Node): boolean =>
    (ts.isIdentifier(node) && windowNames.has(node.text)) ||
    (ts.isPropertyAccessExpression(node) &&
      node.name.text === 'window' &&
      ts.isIdentifier(node.expression) &&
      vscodeNames.has(node.expression.text));
  const visit = (node: ts.Node): void => {
    if ((ts.isIdentifier(node) || ts.isStringLiteralLike(node)) && SHOW_MESSAGE.test(node.text)) report(node);
    else if (ts.isElementAccessExpression(node) && isWindow(node.expression) && !isLiteralKey(node.argumentExpression))
      report(node);
    else if (isWindow(node) && !ts.isImportSpecifier(node.parent)) {
      // `vscode.window.member` is fine (the member's name is checked); `vscode.window` alone is an alias.
      const parent = node.parent;
      const used =
        (ts.isPropertyAccessExpression(parent) && parent.expression === node) ||
        (ts.isElementAccessExpression(parent) && parent.expression === node) ||
        (ts.isPropertyAccessExpression(parent) && parent.name === node);
      if (!used) report(node);
    } else if (
      ts.isBindingElement(node) &&
      ts.isVariableDeclaration(node.parent.parent) &&
      node.parent.parent.initializer !== undefined &&
      ts.isIdentifier(node.parent.parent.initializer) &&
      vscodeNames.has(node.parent.parent.initializer.text) &&
      (node.propertyName ?? node.name).getText(source) === 'window'
    )
      report(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('notifications: one door', () => {
  it('the reader finds calls, aliases, destructuring and computed keys, and nothing else', () => {
    const uses = [
      "vscode.window.showErrorMessage('x');",
      "void vscode.window\n  .showWarningMessage('x', 'A')\n  .then(() => 1);",
      "import * as vscode from 'vscode'; const w = vscode.window;",
      "const show = vscode.window.showInformationMessage; show('x');",
      "const { showErrorMessage } = vscode.window; showErrorMessage('x');",
      "const { showErrorMessage: oops } = vscode.window; oops('x');",
      "vscode.window['showWarningMessage']('x');",
      "import * as vscode from 'vscode'; vscode.window[`show${kind}Message`]('x');",
      "import * as vscode from 'vscode'; const { window } = vscode; window.showErrorMessage('x');",
      "import * as vscode from 'vscode'; const { window: w } = vscode;",
      "import * as code from 'vscode'; register(code.window);",
      "import * as vscode from 'vscode'; vscode.window[name]('x');",
      "import { window } from 'vscode'; window[kind]('x');",
    ];
    for (const code of uses) assert.ok(showMessageUses('t.ts', code).length > 0, code);
    const others = [
      'vscode.window.withProgress(opts, task);',
      'vscode.window.createOutputChannel("Ledger Lens");',
      "notify('error', errorNotice(message), 'Show log');",
      '// vscode.window.showErrorMessage is not called here',
      "const text = 'a notification';",
      "import * as vscode from 'vscode'; const span = time.window; const { window } = other;",
    ];
    for (const code of others) assert.deepStrictEqual(showMessageUses('t.ts', code), [], code);
  });

  it('no file in src shows a notification but through the door', () => {
    const root = projectRoot();
    const files = tsFiles(path.join(root, 'src'));
    assert.ok(files.length > 50, 'the sources are found');
    const offenders = files
      .map(f => path.relative(root, f).split(path.sep).join('/'))
      .filter(rel => rel !== DOOR)
      .flatMap(rel => showMessageUses(rel, fs.readFileSync(path.join(root, rel), 'utf8')).map(u => `${rel}:${u}`));
    assert.deepStrictEqual(offenders, [], `call notify() from ${DOOR} instead`);
    // The door itself calls each of the three, and nothing else does.
    const door = showMessageUses(DOOR, fs.readFileSync(path.join(root, DOOR), 'utf8'));
    assert.strictEqual(door.length, 3, door.join('\n'));
  });
});

// ---- what reaches VS Code -------------------------------------------------------------------

/** VS Code's own link grammar for notifications (src/vs/base/common/linkedText.ts). */
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
// eslint-disable-next-line no-control-regex -- the controls are what is looked for (a tab is harmless)
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/u;

const HOSTILE_PARTS = [
  '[Open settings](command:workbench.action.openSettings?%5B%22ledgerLens%22%5D)',
  '[run](command:workbench.action.terminal.new "Run")',
  'command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%22%7D',
  '[docs](https://evil.example/steal)',
  '[x](file:///etc/passwd)',
  '[[nested](command:x)]',
  '[a]\n(command:b)',
  '[a]\u200b(command:b)',
  'safe\u202Eexe.txt',
  '\u2066isolated\u2069',
  'line one\r\nline two\u2028three',
  'x'.repeat(20_000),
];

/** Hostile text: the parts above, joined and mixed with random text. */
const hostile: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE_PARTS), fc.string({ unit: 'binary', maxLength: 40 })), {
    minLength: 1,
    maxLength: 5,
  })
  .map(parts => parts.join(''));

function assertInert(shown: string, what: string): void {
  assert.ok(!LINK.test(shown), `${what}: a live link in ${JSON.stringify(shown.slice(0, 200))}`);
  assert.ok(!CONTROL.test(shown), `${what}: a control or line break in ${JSON.stringify(shown.slice(0, 200))}`);
  // A notification is one bounded line: at most 1,000 characters, each control at most ⟨U+XXXX⟩.
  assert.ok(shown.length <= 10_001, `${what}: ${shown.length} characters`);
}

interface Shown {
  readonly kind: string;
  readonly text: string;
  readonly actions: readonly string[];
}

type Load = (request: string, parent: unknown, isMain: boolean) => unknown;

/** Loads the door with a stand-in `vscode` whose show*Message calls are recorded in `shown`. */
function loadDoor(shown: Shown[]): typeof Notifications {
  const record =
    (kind: string) =>
    (text: string, ...actions: string[]): Promise<undefined> => {
      shown.push({ kind, text, actions });
      return Promise.resolve(undefined);
    };
  const fake = {
    __esModule: true,
    window: {
      showErrorMessage: record('error'),
      showWarningMessage: record('warning'),
      showInformationMessage: record('information'),
    },
  };
  const mod = Module as unknown as { _load: Load };
  const load = mod._load;
  const file = require.resolve('../../../src/app/notifications');
  delete require.cache[file];
  mod._load = function (this: unknown, request, parent, isMain) {
    return request === 'vscode' ? fake : load.call(this, request, parent, isMain);
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded with the stand-in vscode
    return require(file) as typeof Notifications;
  } finally {
    mod._load = load;
    delete require.cache[file];
  }
}

/** Every message the extension builds from text it does not control, as its call site builds it. */
const PATHS: ReadonlyArray<readonly [string, Notifications.NoticeSeverity, (hostile: string) => string]> = [
  // A failed command (features/context.ts), a terminal link's failure, a panel's action.
  ['a failed command', 'error', text => errorNotice(text)],
  // A lookup that failed at the mirror node: the server's own words (detailPanel/lookup.ts).
  [
    'a failed lookup',
    'error',
    text =>
      `Ledger Lens: ${failureMessage(new MirrorError('http', 500, [text], 'https://m.example/x', text), 'testnet').message}`,
  ],
  ['a refused input', 'error', text => `Ledger Lens: ${forNotification(text)}`],
  // "Transaction … was not found on testnet (from package.json script "<name>")".
  [
    'a transaction not found (script name)',
    'warning',
    text => notFoundNotice('Transaction 0.0.2-1-1', 'testnet', ENDPOINTS, `from package.json script "${text}"`),
  ],
  [
    'a transaction not found (folder name)',
    'warning',
    text => notFoundNotice('Transaction 0.0.2-1-1', 'testnet', ENDPOINTS, `from the folder ${text}`),
  ],
  ['a status incident', 'warning', text => changeNotice('testnet', 'degraded', 'major_outage', text).text],
  [
    'an account revealed',
    'information',
    text => `${forNotification(text, 200)} is shown in Accounts for this session.`,
  ],
  // And any text at all, as a call site might pass it one day.
  ['raw text', 'error', text => text],
  ['raw text', 'warning', text => text],
  ['raw text', 'information', text => text],
];

describe('notifications: what reaches VS Code is inert', () => {
  it('a hostile server message, script or folder name is plain text on every path', () => {
    const shown: Shown[] = [];
    const { notify } = loadDoor(shown);
    fc.assert(
      fc.property(hostile, text => {
        for (const [what, severity, build] of PATHS) {
          shown.length = 0;
          void notify(severity, build(text), 'Show log');
          assert.strictEqual(shown.length, 1, what);
          assert.strictEqual(shown[0].kind, severity, what);
          assert.deepStrictEqual(shown[0].actions, ['Show log'], what);
          assertInert(shown[0].text, what);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the words stay readable: a link is shown as text, a control as ⟨U+XXXX⟩, lines joined', () => {
    const shown: Shown[] = [];
    const { notify } = loadDoor(shown);
    void notify('error', 'Ledger Lens: the mirror node answered 500: [Open settings](command:x.y?1)\nsee\u202Ethis');
    assert.strictEqual(
      shown[0]?.text,
      'Ledger Lens: the mirror node answered 500: [Open settings] (command:x.y?1) see⟨U+202E⟩this',
    );
    assert.strictEqual(
      notFoundNotice(
        'Transaction 0.0.2-1-1',
        'testnet',
        ENDPOINTS,
        'from package.json script "[deploy](command:workbench.action.terminal.new)"',
      ),
      'Transaction 0.0.2-1-1 was not found on testnet (from package.json script "[deploy] (command:workbench.action.terminal.new)").',
    );
    // Where it was asked is said once: the why line's own label is not repeated.
    const own = parseSettings({ mirrorNodeUrls: { testnet: 'http://127.0.0.1:5551' } }).config.endpoints;
    assert.strictEqual(
      notFoundNotice('Block 10', 'testnet', own, 'testnet · 127.0.0.1:5551 · by default'),
      'Block 10 was not found on testnet · 127.0.0.1:5551 (by default).',
    );
    const all = parseSettings({ mirrorNodeUrl: 'http://127.0.0.1:5551' }).config.endpoints;
    assert.strictEqual(
      notFoundNotice('Block 10', 'testnet', all, '127.0.0.1:5551 · by default'),
      'Block 10 was not found at 127.0.0.1:5551 (by default).',
    );
    void notify('information', 'Plain words: 0.0.1234 [a] (b).');
    assert.strictEqual(shown[1]?.text, 'Plain words: 0.0.1234 [a] (b).');
  });
});
