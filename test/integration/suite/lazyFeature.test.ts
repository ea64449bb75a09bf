// A feature mounted from its manifest (src/lazyFeature.ts) in a real VS Code: its stand-ins answer
// before it is loaded, and a load that throws is logged and shown once, leaves nothing of itself
// registered, and is tried again on the next use, through a command and through a hover.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { FeatureHost, FeatureLog, LedgerLensExports } from '../../../src/features/context';
import { feature } from '../../../src/features/manifest';
import { mountFeature } from '../../../src/lazyFeature';
import { activateLedgerLens } from '../helpers';

/** A log that keeps its lines. */
function keptLog(): FeatureLog & { readonly errors: string[]; readonly infos: string[] } {
  const errors: string[] = [];
  const infos: string[] = [];
  return {
    errors,
    infos,
    info: m => void infos.push(m),
    warn: () => undefined,
    error: m => void errors.push(m),
    show: () => undefined,
  };
}

/** A host whose commands go straight to VS Code, so a handler's error reaches executeCommand. */
function plainHost(exports: LedgerLensExports): FeatureHost {
  return {
    extension: undefined as unknown as vscode.ExtensionContext,
    exports,
    registerCommand: (id, handler) => vscode.commands.registerCommand(id, handler),
  };
}

describe('a feature mounted from its manifest', () => {
  let api: LedgerLensExports;
  before(async () => {
    api = await activateLedgerLens();
  });

  it('retries a load that threw on the next command, with nothing of the failed load left', async () => {
    const exports: LedgerLensExports = { services: api.services, features: {} };
    const log = keptLog();
    const shown: string[] = [];
    let attempts = 0;
    const mounted = mountFeature(
      plainHost(exports),
      api.services,
      () => assert.fail('no ABI index is asked for'),
      feature({
        name: 'flaky',
        commands: ['ledgerLens.testFlakyCommand', 'ledgerLens.testFlakyOther'],
        load: host => {
          attempts++;
          const first = host.registerCommand('ledgerLens.testFlakyCommand', () => `answered after ${attempts}`);
          if (attempts === 1) throw new Error('the module could not be read');
          host.exports.features['flaky'] = { attempts };
          return first;
        },
      }),
      { log, show: m => shown.push(m) },
    );
    try {
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand('ledgerLens.testFlakyCommand')),
        /the module could not be read/,
      );
      // The half-done load's handler is gone: the other command of the feature loads it again too.
      assert.strictEqual(attempts, 1);
      assert.deepStrictEqual(log.errors, ['flaky could not be loaded: the module could not be read']);
      assert.strictEqual(shown.length, 1);
      assert.match(shown[0], /flaky could not be loaded: the module could not be read\. It is tried again/);

      assert.strictEqual(await vscode.commands.executeCommand('ledgerLens.testFlakyCommand'), 'answered after 2');
      assert.strictEqual(attempts, 2);
      assert.deepStrictEqual(exports.features['flaky'], { attempts: 2 });
      // Loaded once: a third use does not load it again.
      assert.strictEqual(await vscode.commands.executeCommand('ledgerLens.testFlakyCommand'), 'answered after 2');
      assert.strictEqual(attempts, 2);
      assert.strictEqual(log.infos.filter(l => l.startsWith('flaky loaded on first use')).length, 1);
      // A claimed command the feature did not register says so, instead of "command not found".
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand('ledgerLens.testFlakyOther')),
        /ledgerLens\.testFlakyOther is not available/,
      );
    } finally {
      mounted.dispose();
    }
    assert.ok(!(await vscode.commands.getCommands(true)).includes('ledgerLens.testFlakyCommand'), 'gone with it');
  });

  it('shows a repeated failure once, and refuses a command the manifest does not claim', async () => {
    const exports: LedgerLensExports = { services: api.services, features: {} };
    const log = keptLog();
    const shown: string[] = [];
    const mounted = mountFeature(
      plainHost(exports),
      api.services,
      () => assert.fail('no ABI index is asked for'),
      feature({
        name: 'greedy',
        commands: ['ledgerLens.testGreedyCommand'],
        load: host => host.registerCommand('ledgerLens.testUnclaimed', () => undefined),
      }),
      { log, show: m => shown.push(m) },
    );
    try {
      for (let i = 0; i < 3; i++) {
        await assert.rejects(
          Promise.resolve(vscode.commands.executeCommand('ledgerLens.testGreedyCommand')),
          /greedy registers ledgerLens\.testUnclaimed, which its manifest does not claim/,
        );
      }
      assert.strictEqual(log.errors.length, 3, 'each failure logged');
      assert.strictEqual(shown.length, 1, 'shown once');
      assert.ok(!(await vscode.commands.getCommands(true)).includes('ledgerLens.testUnclaimed'));
    } finally {
      mounted.dispose();
    }
  });

  it('keeps its hover answering through a failed load, and hovers once loaded', async () => {
    const exports: LedgerLensExports = { services: api.services, features: {} };
    const log = keptLog();
    let attempts = 0;
    const marker = 'hover from the flaky feature';
    const mounted = mountFeature(
      plainHost(exports),
      api.services,
      () => assert.fail('no ABI index is asked for'),
      feature({
        name: 'flakyHover',
        commands: [],
        hover: {
          mayHover: (_services, line) => line.includes('flaky-hover-here'),
          provider: (f: vscode.HoverProvider) => f,
        },
        load: host => {
          attempts++;
          if (attempts === 1) throw new Error('not yet');
          host.exports.features['flakyHover'] = { provideHover: () => new vscode.Hover(marker) };
          return new vscode.Disposable(() => undefined);
        },
      }),
      { log, show: () => undefined },
    );
    const texts = async (uri: vscode.Uri): Promise<string[]> => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        uri,
        new vscode.Position(0, 3),
      );
      return hovers.flatMap(h => h.contents.map(c => (typeof c === 'string' ? c : c.value)));
    };
    try {
      const doc = await vscode.workspace.openTextDocument({
        content: 'flaky-hover-here\nnothing\n',
        language: 'plaintext',
      });
      assert.ok(!(await texts(doc.uri)).includes(marker), 'no hover while the load fails');
      assert.strictEqual(attempts, 1);
      assert.ok((await texts(doc.uri)).includes(marker), 'the next hover loads it');
      assert.strictEqual(attempts, 2);
    } finally {
      mounted.dispose();
    }
  });

  it('waits for its code where it is not a require away yet (the browser), and asks again after a failed wait', async () => {
    const exports: LedgerLensExports = { services: api.services, features: {} };
    let readies = 0;
    let release: (() => void) | undefined;
    const ready = (): Promise<void> => {
      readies++;
      if (readies === 1) return Promise.reject(new Error('the part could not be read'));
      return new Promise(resolve => (release = resolve));
    };
    let loads = 0;
    const mounted = mountFeature(
      plainHost(exports),
      api.services,
      () => assert.fail('no ABI index is asked for'),
      feature({
        name: 'awaited',
        commands: ['ledgerLens.testAwaitedCommand'],
        load: host => {
          loads++;
          return host.registerCommand('ledgerLens.testAwaitedCommand', (n: unknown) => `answered ${String(n)}`);
        },
      }),
      { log: keptLog(), show: () => undefined, ready },
    );
    try {
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand('ledgerLens.testAwaitedCommand', 1)),
        /the part could not be read/,
      );
      assert.strictEqual(loads, 0, 'nothing is loaded before its code is there');
      const answer = vscode.commands.executeCommand<string>('ledgerLens.testAwaitedCommand', 2);
      await new Promise(resolve => setTimeout(resolve, 50));
      assert.strictEqual(loads, 0, 'the command waits');
      assert.ok(release, 'the second use asked again');
      release?.();
      assert.strictEqual(await answer, 'answered 2');
      assert.strictEqual(
        await vscode.commands.executeCommand<string>('ledgerLens.testAwaitedCommand', 3),
        'answered 3',
      );
      assert.deepStrictEqual([loads, readies], [1, 2], 'loaded once; not asked again once ready');
    } finally {
      mounted.dispose();
    }
  });
});
