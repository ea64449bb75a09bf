// Blocks on the real mirror node (set "blocks": rest/__tests__/specs/blocks/no-params.json, four
// record files): the view, Lookup block by number and by hash, and Load more over the server's
// own links.next.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { BlockLookupOutcome, BlocksFeature } from '../../../src/features/blocks';
import { BlockNode, BlocksProvider, LoadMoreNode } from '../../../src/features/blocks/tree';
import { createMirrorClient } from '../../../src/mirror';
import type { DetailView } from '../../../webview/protocol';
import { fetchReal, useRealSet } from '../helpers';

const H96 = '0xb0162e8a244dc05fbd6f321445b14dddf0e94b00eb169b58ff77b1b5206c12782457f7f1a2ae8cea890f378542ac7216';

describe('real mirror node: blocks', () => {
  const real = useRealSet('blocks');
  const feature = (): BlocksFeature => {
    const f = real().api.features['blocks'] as BlocksFeature | undefined;
    assert.ok(f, 'exports.features.blocks');
    return f;
  };
  afterEach(() => {
    for (const p of feature().panels.open) p.dispose();
  });
  after(async () => {
    // The Blocks view polls while visible: leave the Explorer in front for whatever runs next.
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('the view lists the blocks the server has, newest first, with count and gas', async () => {
    const { provider } = feature();
    await provider.refresh();
    const blocks = (await provider.getChildren()).filter((n): n is BlockNode => n.kind === 'block');
    assert.deepStrictEqual(
      blocks.map(b => b.block.number),
      [19n, 18n, 17n, 16n],
    );
    const item = provider.getTreeItem(blocks[2]);
    assert.strictEqual(item.label, '#17');
    // The row fits the sidebar: its count and age; the date and the gas head its tooltip.
    assert.match(String(item.description), /^5 txs · .+ ago$/);
    // Built on hover (resolveTreeItem), as VS Code asks for it.
    const tip = provider.resolveTreeItem(item, blocks[2]).tooltip;
    // Markdown, its punctuation escaped: read as the text it shows.
    const text = (typeof tip === 'string' ? tip : (tip?.value ?? '')).replace(/\\(.)/g, '$1');
    assert.match(text, /Block 17 · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    assert.ok(text.includes('280,000'), text);
  });

  it('Lookup block by number and by its 96-hex hash open the same block', async () => {
    const get = (outcome: BlockLookupOutcome | undefined) => {
      assert.strictEqual(outcome?.kind, 'shown', JSON.stringify(outcome));
      const view = (outcome as { view: DetailView }).view;
      assert.strictEqual(view.status, 'loaded');
      const fields = view.status === 'loaded' ? view.sections[0].fields : [];
      return (label: string) => fields.find(f => f.label === label)?.value;
    };
    const byNumber = get(await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.lookupBlock', '17'));
    assert.strictEqual(byNumber('Hash'), H96);
    assert.strictEqual(byNumber('Number'), '17');
    const byHash = get(await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.lookupBlock', H96));
    assert.strictEqual(byHash('Number'), '17');
    assert.strictEqual(byHash('Previous hash'), byNumber('Previous hash'));
    const missing = await vscode.commands.executeCommand<BlockLookupOutcome>('ledgerLens.lookupBlock', '10');
    assert.strictEqual(missing?.kind, 'not-found', JSON.stringify(missing));
  });

  it("Load more follows the server's links.next, page by page, to the first block", async () => {
    const own = JSON.parse((await fetchReal(real().url, '/api/v1/blocks?limit=2')).text) as { links: { next: string } };
    assert.strictEqual(own.links.next, '/api/v1/blocks?limit=2&block.number=lt:18');
    const client = createMirrorClient({ baseUrl: real().url, retries: 0 });
    const provider = new BlocksProvider({ client: () => client, pageSize: 2 });
    try {
      let nodes = await provider.getChildren();
      assert.ok(nodes.at(-1) instanceof LoadMoreNode, 'a Load more node');
      await provider.loadMore();
      nodes = await provider.getChildren();
      assert.deepStrictEqual(
        nodes.map(n => (n instanceof BlockNode ? n.block.number : n.constructor.name)),
        [19n, 18n, 17n, 16n, 'LoadMoreNode'],
      );
      await provider.loadMore();
      nodes = await provider.getChildren();
      assert.deepStrictEqual(
        nodes.map(n => (n instanceof BlockNode ? n.block.number : n.constructor.name)),
        [19n, 18n, 17n, 16n],
        'the last page has no next link',
      );
    } finally {
      provider.dispose();
      client.dispose();
    }
  });
});
