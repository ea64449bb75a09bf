// The ABI index where the extension host cannot watch the artifact files (a browser's folder): the
// log says so once and why, and a decode waits for the index to be read. A second ABI feature from
// the compiled sources, on its own index, whose platform (the same copy of src/util/platform.ts)
// is the browser's; the workspace folder's `file:` scheme is one a browser gets no events for.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { AbiIndex } from '../../../src/abi';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, type AbiGlobs } from '../../../src/abi/globs';
import { indexUpToDate } from '../../../src/abi/report';
import type { FeatureHost, LedgerLensExports, Setting } from '../../../src/features/context';
import { registerAbi, type AbiFeature } from '../../../src/features/abi';
import { NODE_PLATFORM, usePlatform, WEB_PLATFORM } from '../../../src/util/platform';
import { activateLedgerLens } from '../helpers';
import { patient } from '../../support/patience';

function abiFeature(): { index: AbiIndex; feature: AbiFeature; lines: string[]; dispose(): void } {
  const lines: string[] = [];
  const log = {
    info: (l: string) => lines.push(l),
    warn: () => undefined,
    error: () => undefined,
    show: () => undefined,
  };
  const settings: Setting<AbiGlobs> = {
    current: { include: DEFAULT_INCLUDE, exclude: DEFAULT_EXCLUDE },
    onDidChange: () => new vscode.Disposable(() => undefined),
  };
  const exports: LedgerLensExports = { services: undefined as never, features: {} };
  const host: FeatureHost = {
    extension: undefined as unknown as vscode.ExtensionContext,
    exports,
    registerCommand: () => new vscode.Disposable(() => undefined),
  };
  const index = new AbiIndex();
  const registered = registerAbi(host, { index, settings, log });
  const dispose = (): void => {
    registered.dispose();
  };
  return { index, feature: exports.features['abi'] as AbiFeature, lines, dispose };
}

describe('abi index where files are not watched', () => {
  before(() => activateLedgerLens());
  afterEach(() => usePlatform(NODE_PLATFORM));

  it('in a browser: said once, with why; a decode waits for the read', async function () {
    this.timeout(patient(30_000));
    usePlatform(WEB_PLATFORM);
    const f = abiFeature();
    try {
      assert.strictEqual(f.index.contractCount, 0);
      await indexUpToDate(f.index);
      assert.ok(f.index.contractCount > 0, 'the sample artifacts are indexed before the decode goes on');
      await indexUpToDate(f.index); // fresh: not read again, nothing said again
      const said = f.lines.filter(l => l.includes('not watched'));
      assert.deepStrictEqual(said.length, 1, f.lines.join('\n'));
      assert.ok(
        said[0].startsWith(
          'ABIs: artifact files are not watched (the web worker extension host gets no file events for file: folders)',
        ),
        said[0],
      );
      assert.ok(said[0].includes('a file when it is saved in this window'), said[0]);
    } finally {
      f.dispose();
    }
    // Disposed: a decode no longer waits on it.
    await indexUpToDate(f.index);
  });

  it('in Node: watched, nothing said', async function () {
    this.timeout(patient(30_000));
    const f = abiFeature();
    try {
      await f.feature.ready();
      assert.ok(f.index.contractCount > 0);
      assert.ok(!f.lines.some(l => l.includes('not watched')), f.lines.join('\n'));
    } finally {
      f.dispose();
    }
  });
});
