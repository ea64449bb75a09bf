// The revert sites of a call trace: the decoded error mapped to what the index looks for, the
// index asked only for failure origins whose code a compiled contract matches, each site given a
// link key (the real SiteRegistry) and an editor mark (the real RevertMarks), "one of" when
// several, and a reason in words when there is none.
import * as assert from 'assert';
import { findSites, MAX_SITE_FRAMES, siteLinkText } from '../../../src/features/common/trace/sites';
import { revertToFind } from '../../../src/trace/revertToFind';
import type { SiteContext } from '../../../src/features/common/trace/sites';
import { prepareCode } from '../../../src/abi/bytecode';
import type { CompiledContractRef, RevertSite, RevertToFind, SiteAnswer } from '../../../src/source/types';
import { RevertMarks, SiteRegistry } from '../../../src/trace/marks';
import { buildCallTrace, type CallTrace, type TraceFrame } from '../../../src/trace';
import { failingWithdraw, MY_TOKEN_CODE, sampleCodes, sampleIndex, TOKEN } from '../trace/fixtures';

const REF: CompiledContractRef = {
  key: 'artifacts/build-info/1.json#contracts/MyToken.sol:MyToken',
  contractName: 'MyToken',
  sourceName: 'contracts/MyToken.sol',
  origin: { kind: 'hardhat-build-info', file: 'artifacts/build-info/1.json' },
  code: prepareCode(MY_TOKEN_CODE)!,
  hasAst: true,
  hasSourceMap: true,
};

function site(line: number, fields: Partial<RevertSite> = {}): RevertSite {
  return {
    sourceName: 'contracts/MyToken.sol',
    start: line * 10,
    length: 40,
    line,
    column: 9,
    endLine: line,
    endColumn: 49,
    text: 'revert InsufficientBalance(msg.sender, balance, amount);',
    kind: 'revert-error',
    ...fields,
  };
}

interface Asked {
  readonly ref: CompiledContractRef;
  readonly selector: string | undefined;
  readonly revert: RevertToFind;
}

/** The index stand-in: MyToken's code is compiled; `answer` is what `sites` says. */
function context(answer: SiteAnswer | Error, codes = sampleCodes()) {
  const asked: Asked[] = [];
  const marks = new RevertMarks();
  const registry = new SiteRegistry();
  const ctx: SiteContext = {
    network: 'testnet',
    transactionId: '0.0.1001@1700000000.000000001',
    at: 1_700_000_000_000,
    codes,
    sources: {
      findByCode: code => (code === MY_TOKEN_CODE ? REF : undefined),
      sites: (ref, selector, revert) => {
        asked.push({ ref, selector, revert });
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
    },
    registry,
    marks,
  };
  return { ctx, asked, marks, registry };
}

const failed = (): CallTrace => buildCallTrace(failingWithdraw(), { abi: sampleIndex(), codes: sampleCodes() });
const originOf = (trace: CallTrace): TraceFrame => trace.roots[0].children[0];

describe('common/trace/sites: the error to look for', () => {
  it('maps each decoded revert to what the index finds, and nothing for the rest', () => {
    const origin = originOf(failed());
    const custom = revertToFind(origin.result);
    assert.strictEqual(custom?.kind, 'custom');
    assert.strictEqual(custom.kind === 'custom' && custom.name, 'InsufficientBalance');
    assert.match(custom.kind === 'custom' ? custom.selector : '', /^0x[0-9a-f]{8}$/);
    const revert = revertToFind;
    assert.deepStrictEqual(revert({ kind: 'revert', text: '', revert: { kind: 'error-string', reason: 'no' } }), {
      kind: 'error-string',
      reason: 'no',
    });
    assert.deepStrictEqual(
      revert({ kind: 'revert', text: '', revert: { kind: 'panic', code: 17n, meaning: 'overflow' } }),
      {
        kind: 'panic',
        code: 17n,
      },
    );
    assert.deepStrictEqual(revert({ kind: 'revert', text: '', revert: { kind: 'empty' } }), { kind: 'empty' });
    assert.strictEqual(
      revert({ kind: 'revert', text: '', revert: { kind: 'raw', hex: '0x12345678', reason: 'unknown' } }),
      undefined,
    );
    assert.strictEqual(revert({ kind: 'revert', text: '', revert: { kind: 'custom', candidates: [] } }), undefined);
    assert.strictEqual(revert({ kind: 'error', text: 'INVALID_OPCODE' }), undefined);
    assert.strictEqual(revert({ kind: 'output', text: 'true' }), undefined);
    assert.strictEqual(revert({ kind: 'none' }), undefined);
  });

  it('names a site `sourceName:line`', () => {
    assert.strictEqual(siteLinkText(site(42)), 'contracts/MyToken.sol:42');
  });
});

describe('common/trace/sites: finding them', () => {
  it('asks the index for the origin only, with its selector and error; one site is linked and marked', async () => {
    const trace = failed();
    const origin = originOf(trace);
    const { ctx, asked, marks, registry } = context({ kind: 'inferred', sites: [site(42)] });
    const found = await findSites(trace, ctx);
    assert.deepStrictEqual([...found.keys()], [origin]);
    assert.strictEqual(asked.length, 1);
    assert.strictEqual(asked[0].ref, REF);
    assert.strictEqual(asked[0].selector, origin.selector);
    assert.deepStrictEqual(asked[0].revert, revertToFind(origin.result));
    const [link] = found.get(origin)!.links;
    assert.deepStrictEqual(
      { ...link, key: '' },
      {
        text: 'contracts/MyToken.sol:42',
        key: '',
        oneOf: false,
        statement: 'revert InsufficientBalance(msg.sender, balance, amount);',
      },
    );
    const target = registry.get(link.key);
    assert.ok(target, 'the key opens the site');
    assert.deepStrictEqual(
      { ...target, site: target.site.line, contract: target.contract.key },
      {
        site: 42,
        contract: REF.key,
        oneOf: false,
        network: 'testnet',
        transactionId: '0.0.1001@1700000000.000000001',
        at: 1_700_000_000_000,
        error: origin.result.kind === 'revert' ? origin.result.text : '',
      },
    );
    assert.deepStrictEqual(marks.all(), [target]);
    // Asked again (a redraw), the same site keeps its key and its one mark.
    const again = await findSites(trace, ctx);
    assert.strictEqual(again.get(origin)!.links[0].key, link.key);
    assert.strictEqual(marks.all().length, 1);
  });

  it('several sites are each linked and marked "one of"; the via is said with the statement', async () => {
    const trace = failed();
    const { ctx, marks } = context({ kind: 'inferred', sites: [site(10), site(20, { via: '_move' }), site(30)] });
    const links = (await findSites(trace, ctx)).get(originOf(trace))!.links;
    assert.deepStrictEqual(
      links.map(l => [l.text, l.oneOf]),
      [
        ['contracts/MyToken.sol:10', true],
        ['contracts/MyToken.sol:20', true],
        ['contracts/MyToken.sol:30', true],
      ],
    );
    assert.match(links[1].statement, /\(via _move\)$/);
    assert.strictEqual(new Set(links.map(l => l.key)).size, 3);
    assert.ok(marks.all().every(m => m.oneOf));
    assert.strictEqual(marks.all().length, 3);
  });

  it('an exact site is linked alone', async () => {
    const trace = failed();
    const { ctx } = context({ kind: 'exact', site: site(7) });
    const links = (await findSites(trace, ctx)).get(originOf(trace))!.links;
    assert.deepStrictEqual(
      links.map(l => [l.text, l.oneOf]),
      [['contracts/MyToken.sol:7', false]],
    );
  });

  it('no site: the index’s reason, a failure’s message, or that no statement fits', async () => {
    const trace = failed();
    const origin = originOf(trace);
    const none = context({ kind: 'none', reason: 'the output has no AST (outputSelection "ast")' });
    assert.deepStrictEqual((await findSites(trace, none.ctx)).get(origin), {
      links: [],
      reason: 'the output has no AST (outputSelection "ast")',
    });
    assert.deepStrictEqual(none.marks.all(), []);
    const broken = context(new Error('the worker stopped'));
    assert.deepStrictEqual((await findSites(trace, broken.ctx)).get(origin), {
      links: [],
      reason: 'not found: the worker stopped',
    });
    const empty = context({ kind: 'inferred', sites: [] });
    assert.match((await findSites(trace, empty.ctx)).get(origin)?.reason ?? '', /no statement/);
  });

  it('code no compiled contract matches: a reason for an artifact, nothing for another party', async () => {
    const trace = failed();
    const origin = originOf(trace);
    assert.strictEqual(origin.recipient.kind, 'artifact');
    const artifactOnly = context({ kind: 'inferred', sites: [site(1)] });
    const ctx = { ...artifactOnly.ctx, sources: { ...artifactOnly.ctx.sources, findByCode: () => undefined } };
    assert.match((await findSites(trace, ctx)).get(origin)?.reason ?? '', /no full compiler output/);
    assert.strictEqual(artifactOnly.asked.length, 0);
    // Code no artifact knows: the recipient is a plain contract, and nothing is said of its site.
    const unknownCodes = sampleCodes({ [TOKEN.id]: '0x6080deadbeef' });
    const unknown = buildCallTrace(failingWithdraw(), { abi: sampleIndex(), codes: unknownCodes });
    assert.notStrictEqual(originOf(unknown).recipient.kind, 'artifact');
    const other = context({ kind: 'inferred', sites: [site(1)] }, unknownCodes);
    assert.strictEqual((await findSites(unknown, other.ctx)).size, 0);
    assert.strictEqual(other.asked.length, 0);
    const noCode = context({ kind: 'inferred', sites: [site(1)] }, { peek: () => undefined });
    assert.strictEqual((await findSites(trace, noCode.ctx)).size, 0);
  });

  it('a trace that succeeded asks nothing; many origins ask about the first MAX_SITE_FRAMES', async () => {
    const ok = context({ kind: 'inferred', sites: [site(1)] });
    const success: CallTrace = { ...failed(), firstFailure: undefined };
    assert.strictEqual((await findSites(success, ok.ctx)).size, 0);
    assert.strictEqual(ok.asked.length, 0);
    const origin = originOf(failed());
    const many: CallTrace = {
      roots: Array.from({ length: MAX_SITE_FRAMES + 5 }, (_, i) => ({ ...origin, index: i, level: 0, children: [] })),
      count: MAX_SITE_FRAMES + 5,
      firstFailure: origin,
      notes: [],
    };
    const lots = context({ kind: 'inferred', sites: [site(1)] });
    assert.strictEqual((await findSites(many, lots.ctx)).size, MAX_SITE_FRAMES);
    assert.strictEqual(lots.asked.length, MAX_SITE_FRAMES);
  });
});
