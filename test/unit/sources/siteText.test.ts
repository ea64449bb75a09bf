// The words of a revert site in the editor (src/features/sources/siteText.ts): the after-line text,
// its hover (every piece of network or workspace text escaped, links only to opening the
// transaction), the messages, and the marks grouped by line.
import * as assert from 'assert';
import fc from 'fast-check';
import {
  changedMessage,
  groupByLine,
  HOVER_COMMANDS,
  lineHover,
  lineText,
  markText,
  shortError,
} from '../../../src/features/sources/siteText';
import { revertSite, siteTarget } from './fixtures';

const AT = 1_700_000_000_000;

/** The Markdown without its code spans (their content is shown as it is, never as Markdown). */
function withoutCodeSpans(markdown: string): string {
  return markdown.replace(/(`+)[\s\S]*?\1/g, '');
}

describe('sources: the revert mark words', () => {
  it('reads "reverted on <network> · <transaction> · <age> · <error>"', () => {
    assert.strictEqual(
      markText(siteTarget(), AT + 3 * 60_000),
      'reverted on testnet · 0.0.1234@1700000000.000000001 · 3 min ago · InsufficientBalance(…)',
    );
    assert.strictEqual(
      markText(siteTarget({ at: undefined, error: 'Panic(0x11)' }), AT),
      'reverted on testnet · 0.0.1234@1700000000.000000001 · Panic(0x11)',
    );
  });

  it('says "one of" when the site is one of several that can revert', () => {
    assert.match(
      markText(siteTarget({ oneOf: true }), AT + 5000),
      /^one of the sites that can revert: reverted on testnet · /,
    );
  });

  it('keeps a short error whole and a long one as its name', () => {
    assert.strictEqual(shortError('Error("no")'), 'Error("no")');
    assert.strictEqual(shortError('InsufficientBalance(available: 1000, required: 1500)'), 'InsufficientBalance(…)');
    assert.strictEqual(shortError('x'.repeat(300)).length, 81);
    // One line, the invisibles shown: a name cannot pretend to be something else.
    const shown = shortError('Bad\u202eError(\nuint256 x, uint256 y, uint256 zzzzzzzzzzzz)');
    assert.ok(!/[\n\u202e]/.test(shown), shown);
    assert.match(shown, /U\+202E/);
  });

  it('shows the newest mark of a line and counts the others', () => {
    const older = siteTarget({ transactionId: '0.0.1@1.1' });
    const newer = siteTarget({ transactionId: '0.0.2@2.2' });
    assert.match(lineText([older, newer], AT), /^reverted on testnet · 0\.0\.2@2\.2 · .* \(\+1 more\)$/);
    assert.strictEqual(lineText([], AT), '');
  });

  it('puts the full error in the hover as code, with a link that opens the transaction on its network', () => {
    const hover = lineHover([siteTarget()], AT + 60_000);
    assert.match(hover, /\*\*Reverted here\*\* on testnet · 60 s ago/);
    assert.ok(hover.includes('`InsufficientBalance(available: 1000, required: 1500)`'), hover);
    const link = /\(command:ledgerLens\.openTransaction\?([^ )]+)/.exec(hover);
    assert.ok(link, hover);
    assert.deepStrictEqual(JSON.parse(decodeURIComponent(link[1])), {
      kind: 'transaction',
      id: '0.0.1234@1700000000.000000001',
      network: 'testnet',
    });
    assert.deepStrictEqual(HOVER_COMMANDS, ['ledgerLens.openTransaction']);
  });

  it('escapes hostile error, contract and network text: no link but ours, no HTML', () => {
    const evil = '[click](command:workbench.action.terminal.sendSequence?%7B%7D) <img src=x onerror=alert(1)>';
    const hover = lineHover(
      [
        siteTarget({
          error: evil,
          network: evil,
          contract: { ...siteTarget().contract, contractName: evil },
          site: revertSite({ via: evil }),
        }),
      ],
      AT,
    );
    // Code spans render their content literally: the error is there, whole, and inert.
    assert.ok(hover.includes(`\`${evil}\``), hover);
    const outsideCode = withoutCodeSpans(hover);
    const commands = [...outsideCode.matchAll(/\]\(command:([\w.]+)/g)].map(m => m[1]);
    assert.deepStrictEqual(commands, ['ledgerLens.openTransaction']);
    assert.ok(!outsideCode.includes('<img'), hover);
  });

  it('never lets any error text add a link to the hover (fuzzed)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.string({ maxLength: 40 }), (error, name) => {
        const hover = lineHover(
          [siteTarget({ error, contract: { ...siteTarget().contract, contractName: name } })],
          AT,
        );
        const commands = [...withoutCodeSpans(hover).matchAll(/\]\(command:/g)].length;
        assert.strictEqual(commands, 1);
        assert.ok(!/\n/.test(markText(siteTarget({ error }), AT)));
      }),
      { numRuns: 1000 },
    );
  });

  it('lists at most five marks in a hover, newest first, and counts the rest', () => {
    const marks = Array.from({ length: 8 }, (_, i) => siteTarget({ transactionId: `0.0.${i}@1.1` }));
    const hover = lineHover(marks, AT);
    assert.strictEqual([...hover.matchAll(/command:ledgerLens\.openTransaction/g)].length, 5);
    assert.ok(hover.indexOf('0.0.7@1.1') < hover.indexOf('0.0.3@1.1'));
    assert.ok(!hover.includes('0.0.2@1.1'));
    assert.match(hover, /and 3 earlier reverts on this line/);
  });

  it('says why the compiled text is shown', () => {
    assert.strictEqual(
      changedMessage('contracts/Vault.sol'),
      'contracts/Vault.sol has changed since it was compiled: showing the compiled text',
    );
  });

  it('groups marks by their 0-based line, leaving out lines the document does not have', () => {
    const a = siteTarget({ site: revertSite({ line: 3 }) });
    const b = siteTarget({ site: revertSite({ line: 3 }), transactionId: 'b' });
    const c = siteTarget({ site: revertSite({ line: 9 }) });
    const outside = siteTarget({ site: revertSite({ line: 0 }) });
    const past = siteTarget({ site: revertSite({ line: 11 }) });
    const notANumber = siteTarget({ site: revertSite({ line: Number.NaN }) });
    assert.deepStrictEqual(
      [...groupByLine([a, c, b, outside, past, notANumber], 10)].map(([line, marks]) => [line, marks.length]),
      [
        [2, 2],
        [8, 1],
      ],
    );
  });
});
