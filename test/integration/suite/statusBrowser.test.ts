// The status item as it runs in a browser, where a status page that does not allow other origins
// (CORS) fails with one bare TypeError: the item gives the page up for the mirror node's own
// health, its tooltip says why, and the log says so once however often it is asked. A second status
// feature from the compiled sources, beside the extension's own, whose platform (the same copy of
// src/util/platform.ts) is the browser's; its status page fails through the real client and HTTP
// layer, whose fetch rejects as a browser's does.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { FeatureHost, LedgerLensExports, Setting } from '../../../src/features/context';
import { registerStatus, type StatusFeatureApi, type StatusSettings } from '../../../src/features/status';
import type { StatusTarget } from '../../../src/features/status/follow';
import { HttpClient } from '../../../src/net';
import { createStatusClient } from '../../../src/status';
import { NODE_PLATFORM, usePlatform, WEB_PLATFORM } from '../../../src/util/platform';
import { activateLedgerLens, waitFor } from '../helpers';
import { patient } from '../../support/patience';

const STATUS_URL = 'https://status.example.com';
const MIRROR_HOST = 'testnet.mirror.example';

function tooltipOf(item: vscode.StatusBarItem): string {
  const t = item.tooltip;
  assert.ok(t instanceof vscode.MarkdownString, 'the tooltip is Markdown');
  return t.value.replace(/\\(.)/g, '$1');
}

/** A status feature whose page is refused as a browser refuses it, and whose mirror node answers. */
function refusedFeature(): { api: StatusFeatureApi; lines: string[]; dispose(): void } {
  const lines: string[] = [];
  const log = {
    info: () => undefined,
    warn: (l: string) => lines.push(l),
    error: () => undefined,
    show: () => undefined,
  };
  const http = new HttpClient({ transport: 'fetch', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
  const status = createStatusClient({ baseUrl: STATUS_URL, http });
  const settings: Setting<StatusSettings> = {
    current: { network: 'testnet', statusUrl: STATUS_URL, pollIntervalSeconds: 60, notifyOnChange: false },
    onDidChange: () => new vscode.Disposable(() => undefined),
  };
  const target: StatusTarget = {
    network: 'testnet',
    why: 'testnet · from the test',
    conflict: false,
    statusPage: 'testnet',
  };
  const exports: LedgerLensExports = { services: undefined as never, features: {} };
  const host: FeatureHost = {
    extension: undefined as unknown as vscode.ExtensionContext,
    exports,
    registerCommand: () => new vscode.Disposable(() => undefined),
  };
  const never = new vscode.EventEmitter<unknown>();
  const feature = registerStatus(host, {
    status: () => status,
    settings,
    onDidChangeStatusClient: never.event,
    mirrorProblem: () => undefined,
    onDidChangeMirrorProblem: never.event,
    log,
    target: { initial: target, resolve: () => Promise.resolve(target), changed: [] },
    mirrorHealth: {
      host: () => MIRROR_HOST,
      newestBlockEnd: () => Promise.resolve((Date.now() / 1000 - 2).toFixed(9)),
    },
  });
  return {
    api: exports.features['status'] as StatusFeatureApi,
    lines,
    dispose: () => {
      feature.dispose();
      never.dispose();
      status.dispose();
      http.close();
    },
  };
}

describe('status bar item in a browser', () => {
  before(() => activateLedgerLens());
  afterEach(() => usePlatform(NODE_PLATFORM));

  it("a status page the browser refuses gives way to the mirror node's health, said once", async function () {
    this.timeout(patient(15_000));
    usePlatform(WEB_PLATFORM);
    const f = refusedFeature();
    try {
      await waitFor(() => /^\$\(check\) testnet · \d+ s behind$/.test(f.api.item.text), 5000, 'the mirror health');
      const tooltip = tooltipOf(f.api.item);
      assert.ok(
        tooltip.includes(
          `The status page (${STATUS_URL}) cannot be read from this browser: it may not allow other origins (CORS); ` +
            "the item shows the mirror node's own health.",
        ),
        tooltip,
      );
      assert.strictEqual(f.api.poller.isActive, false, 'the page is not polled any more');
      // "Check now" asks the page once more; refused again, nothing more is logged.
      await f.api.refresh();
      await f.api.refresh();
      assert.match(f.api.item.text, /^\$\(check\) testnet · \d+ s behind$/);
      const said = f.lines.filter(l => l.includes('cannot be read from this browser'));
      assert.strictEqual(said.length, 1, f.lines.join('\n'));
      assert.ok(said[0].startsWith(`status page: The status page (${STATUS_URL})`), said[0]);
    } finally {
      f.dispose();
    }
  });

  it('in Node the same failure reads "status unknown", with no fallback', async function () {
    this.timeout(patient(15_000));
    const f = refusedFeature();
    try {
      await waitFor(() => f.api.item.text === '$(question) testnet: status unknown', 5000, 'status unknown');
      assert.ok(!tooltipOf(f.api.item).includes('cannot be read from this browser'));
      assert.ok(!f.lines.some(l => l.includes('cannot be read from this browser')), f.lines.join('\n'));
    } finally {
      f.dispose();
    }
  });
});
