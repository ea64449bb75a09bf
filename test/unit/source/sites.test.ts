// The inferred revert site, on contracts compiled here with solc: for each kind of revert, the
// statement (file, line, kind, and how the function reaches it) the decoded error can come from.
// Expected places are found in the source text by what the statement says, not by offsets from
// the compiler. Then every way the compiler output can fall short: no AST, an AST of another form,
// ranges outside the sources, a source without its text.
import * as assert from 'assert';
import { keccak256, stringToBytes } from 'viem';
import { astIndex } from '../../../src/source/ast';
import { inferSites } from '../../../src/source/sites';
import type { CompiledContractDetail, RevertSite, RevertToFind, SiteAnswer } from '../../../src/source/types';
import {
  compileSources,
  detailFromOutput,
  solcSemver,
  testContracts,
  tokenSources,
  type DetailOptions,
} from '../../support/solcCompile';

const VAULT_SOURCES = testContracts('Vault.sol', 'Balances.sol', 'SafeSub.sol');
const ORACLE_SOURCES = testContracts('Oracle.sol');
const LAYERS_SOURCES = testContracts('Layers.sol');

function detail(
  sources: Record<string, string>,
  sourceName: string,
  contractName: string,
  options: DetailOptions = {},
): CompiledContractDetail {
  return detailFromOutput(sources, compileSources(sources), sourceName, contractName, options);
}

const vault = (options: DetailOptions = {}) => detail(VAULT_SOURCES, 'contracts/Vault.sol', 'Vault', options);

/** The selector of a function by its signature, from the ABI's. */
function selectorOf(d: CompiledContractDetail, signature: string): string {
  const found = [...d.selectors].find(([, s]) => s === signature);
  assert.ok(found, `${signature} is in the ABI`);
  return found[0];
}

const custom = (name: string, types = ''): RevertToFind => ({
  kind: 'custom',
  name,
  selector: keccak256(stringToBytes(`${name}(${types})`)).slice(0, 10),
});
const message = (reason: string): RevertToFind => ({ kind: 'error-string', reason });
const panic = (code: bigint): RevertToFind => ({ kind: 'panic', code });

/** The 1-based line and column where `needle` is in the source (it must be there once). */
function placeOf(sources: Record<string, string>, file: string, needle: string): { line: number; column: number } {
  const text = sources[file];
  const at = text.indexOf(needle);
  assert.ok(at >= 0 && text.indexOf(needle, at + 1) < 0, `${needle} is in ${file} once`);
  const before = text.slice(0, at).split(/\r\n|\r|\n/);
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

function sitesOf(answer: SiteAnswer): readonly RevertSite[] {
  assert.strictEqual(answer.kind, 'inferred', answer.kind === 'none' ? answer.reason : 'exact');
  return answer.kind === 'inferred' ? answer.sites : [];
}

function reasonOf(answer: SiteAnswer): string {
  assert.strictEqual(answer.kind, 'none', JSON.stringify(answer));
  return answer.kind === 'none' ? answer.reason : '';
}

interface Expected {
  readonly file: string;
  /** Text the site starts with, once in the file. */
  readonly at: string;
  readonly kind: RevertSite['kind'];
  readonly via?: string;
}

function assertSites(sources: Record<string, string>, answer: SiteAnswer, expected: readonly Expected[]): void {
  const sites = sitesOf(answer);
  const shown = sites.map(s => `${s.sourceName}:${s.line} ${s.kind} ${s.text} via ${s.via}`).join('\n');
  assert.strictEqual(sites.length, expected.length, shown);
  expected.forEach((want, i) => {
    const site = sites[i];
    const place = placeOf(sources, want.file, want.at);
    assert.deepStrictEqual(
      { file: site.sourceName, line: site.line, column: site.column, kind: site.kind, via: site.via },
      { file: want.file, ...place, kind: want.kind, via: want.via },
      shown,
    );
    // solc's statements end before their `;`.
    assert.ok(site.text.includes(want.at.replace(/;$/, '')), `${site.text} shows ${want.at}`);
  });
}

describe('inferred revert sites', function () {
  this.timeout(120_000);
  const V = 'contracts/Vault.sol';
  const B = 'contracts/Balances.sol';
  const S = 'contracts/SafeSub.sol';

  before(() => {
    const [major, minor, patch] = solcSemver().split('.').map(Number);
    assert.ok(
      major > 0 || minor > 8 || (minor === 8 && patch >= 27),
      `require(c, E()) needs solc ≥ 0.8.27, not ${solcSemver()}`,
    );
  });

  it('revert E(…): the statement in the function', () => {
    const d = vault();
    const answer = inferSites(d, selectorOf(d, 'withdraw(uint256)'), custom('InsufficientBalance', 'uint256,uint256'));
    assertSites(VAULT_SOURCES, answer, [
      { file: V, at: 'revert InsufficientBalance(available, amount);', kind: 'revert-error' },
    ]);
    const [site] = sitesOf(answer);
    assert.strictEqual(site.text, 'revert InsufficientBalance(available, amount)');
    assert.strictEqual(site.endLine, site.line);
    assert.strictEqual(VAULT_SOURCES[V].slice(0, site.start + site.length).endsWith('amount)'), true);
  });

  it('require(c, E()) in a modifier, and revert E() in another', () => {
    const d = vault();
    assertSites(VAULT_SOURCES, inferSites(d, selectorOf(d, 'withdraw(uint256)'), custom('Paused')), [
      { file: V, at: 'require(!paused, Paused());', kind: 'require-error', via: 'modifier whenOpen' },
    ]);
    assertSites(VAULT_SOURCES, inferSites(d, selectorOf(d, 'pause()'), custom('Unauthorized', 'address')), [
      { file: V, at: 'revert Unauthorized(msg.sender);', kind: 'revert-error', via: 'modifier onlyOwner' },
    ]);
  });

  it('require(c, "m"): by the literal, or by a constant holding it', () => {
    const d = vault();
    const deposit = selectorOf(d, 'deposit(uint256)');
    assertSites(VAULT_SOURCES, inferSites(d, deposit, message('Vault: zero amount')), [
      { file: V, at: 'require(amount > 0, "Vault: zero amount");', kind: 'require-message' },
    ]);
    assertSites(VAULT_SOURCES, inferSites(d, deposit, message('Vault: amount too large')), [
      { file: V, at: 'require(amount <= LIMIT, TOO_LARGE);', kind: 'require-message' },
    ]);
    assert.match(
      reasonOf(inferSites(d, deposit, message('something else'))),
      /No statement that Vault\.deposit runs .* raises Error\("something else"\)/,
    );
  });

  it('revert(message) whose text is not a literal is a candidate for any message', () => {
    const d = vault();
    assertSites(VAULT_SOURCES, inferSites(d, selectorOf(d, 'because(string)'), message('any reason')), [
      { file: V, at: 'revert(why);', kind: 'revert-message' },
    ]);
  });

  it('assert: Panic(0x01)', () => {
    const d = vault();
    assertSites(VAULT_SOURCES, inferSites(d, selectorOf(d, 'check(uint256)'), panic(0x01n)), [
      { file: V, at: 'assert(x != 7);', kind: 'assert' },
    ]);
  });

  it('checked arithmetic: Panic(0x11), and none inside unchecked { }', () => {
    const d = vault();
    assertSites(VAULT_SOURCES, inferSites(d, selectorOf(d, 'deposit(uint256)'), panic(0x11n)), [
      { file: V, at: 'balanceOf[msg.sender] += amount;', kind: 'panic' },
    ]);
    assert.match(
      reasonOf(inferSites(d, selectorOf(d, 'quiet(uint256,uint256)'), panic(0x11n))),
      /raises Panic\(0x11\)/,
    );
  });

  it('an internal function and an internal library function: "one of" with the path', () => {
    const d = vault();
    const withdraw = selectorOf(d, 'withdraw(uint256)');
    assertSites(VAULT_SOURCES, inferSites(d, withdraw, panic(0x11n)), [
      { file: B, at: 'balanceOf[to] += amount;', kind: 'panic', via: '_move' },
      { file: S, at: 'a - b;', kind: 'panic', via: '_move → SafeSub.sub' },
    ]);
    assertSites(VAULT_SOURCES, inferSites(d, withdraw, message('SafeSub: underflow')), [
      { file: S, at: 'require(b <= a, "SafeSub: underflow");', kind: 'require-message', via: '_move → SafeSub.sub' },
    ]);
  });

  it('two statements that raise the same error: both, nearest first', () => {
    const d = vault();
    assertSites(
      VAULT_SOURCES,
      inferSites(d, selectorOf(d, 'settle(uint256)'), custom('InsufficientBalance', 'uint256,uint256')),
      [
        { file: V, at: 'revert InsufficientBalance(balanceOf[msg.sender], amount);', kind: 'revert-error' },
        { file: B, at: 'revert InsufficientBalance(balanceOf[from], amount);', kind: 'revert-error', via: '_debit' },
      ],
    );
  });

  it('division, array bounds and the public array getter', () => {
    const d = vault();
    assertSites(VAULT_SOURCES, inferSites(d, selectorOf(d, 'share(uint256,uint256)'), panic(0x12n)), [
      { file: V, at: 'total / parts;', kind: 'panic' },
    ]);
    assertSites(VAULT_SOURCES, inferSites(d, selectorOf(d, 'entry(uint256)'), panic(0x32n)), [
      { file: V, at: 'history[i];', kind: 'panic' },
    ]);
    assertSites(VAULT_SOURCES, inferSites(d, selectorOf(d, 'history(uint256)'), panic(0x32n)), [
      { file: V, at: 'uint256[] public history;', kind: 'panic' },
    ]);
    assert.match(reasonOf(inferSites(d, selectorOf(d, 'owner()'), custom('Paused'))), /public state variable's getter/);
  });

  it('reverts without data: revert() and require(cond)', () => {
    const d = vault();
    const answer = inferSites(d, selectorOf(d, 'strict(uint256)'), { kind: 'empty' });
    assertSites(VAULT_SOURCES, answer, [
      { file: V, at: 'revert();', kind: 'revert-message' },
      { file: V, at: 'require(a != 1);', kind: 'require-message' },
    ]);
    assert.match(
      reasonOf(inferSites(d, selectorOf(d, 'check(uint256)'), { kind: 'empty' })),
      /not payable, calldata that does not decode/,
    );
  });

  it('a call without a selector runs receive; an unknown selector without fallback is the dispatcher', () => {
    const d = vault();
    assertSites(VAULT_SOURCES, inferSites(d, undefined, custom('Paused')), [
      { file: V, at: 'revert Paused();', kind: 'revert-error' },
    ]);
    assert.match(
      reasonOf(inferSites(d, '0xdeadbeef', { kind: 'empty' })),
      /Vault has no such function and no fallback: .*dispatcher/,
    );
    assert.match(reasonOf(inferSites(d, 'withdraw', { kind: 'empty' })), /"withdraw" is not a function selector/);
  });

  it('panic codes no statement raises, with the reason in words', () => {
    const d = vault();
    const withdraw = selectorOf(d, 'withdraw(uint256)');
    assert.match(reasonOf(inferSites(d, withdraw, panic(0x41n))), /too much memory/);
    assert.match(reasonOf(inferSites(d, withdraw, panic(0x22n))), /storage byte array/);
    assert.match(reasonOf(inferSites(d, withdraw, panic(0x99n))), /not a panic code solc raises/);
  });

  it('a virtual call runs the override, super reaches the base, and free functions and operators are followed', () => {
    const d = detail(LAYERS_SOURCES, 'contracts/Layers.sol', 'Layer');
    const L = 'contracts/Layers.sol';
    const run = selectorOf(d, 'run(uint256)');
    assertSites(LAYERS_SOURCES, inferSites(d, run, custom('LayerRefused')), [
      { file: L, at: 'revert LayerRefused();', kind: 'revert-error', via: '_check' },
    ]);
    assertSites(LAYERS_SOURCES, inferSites(d, run, custom('BaseRefused')), [
      { file: L, at: 'revert BaseRefused();', kind: 'revert-error', via: '_check → super._check' },
    ]);
    assertSites(LAYERS_SOURCES, inferSites(d, run, custom('TooBig', 'uint256')), [
      { file: L, at: 'revert TooBig(value);', kind: 'revert-error', via: 'clamp' },
    ]);
    assertSites(LAYERS_SOURCES, inferSites(d, selectorOf(d, 'total(uint64,uint64)'), panic(0x11n)), [
      { file: L, at: 'Score.unwrap(a) + Score.unwrap(b)', kind: 'panic', via: 'add' },
    ]);
  });

  it("OpenZeppelin's ERC-20: through overrides and super to the base that reverts, and a modifier's internal call", () => {
    const sources = tokenSources();
    const d = detail(sources, 'contracts/VotingToken.sol', 'VotingToken');
    const E20 = '@openzeppelin/contracts/token/ERC20/ERC20.sol';
    const transfer = selectorOf(d, 'transfer(address,uint256)');
    assertSites(sources, inferSites(d, transfer, custom('ERC20InsufficientBalance', 'address,uint256,uint256')), [
      {
        file: E20,
        at: 'revert ERC20InsufficientBalance(from, fromBalance, value);',
        kind: 'revert-error',
        via: '_transfer → _update → super._update → super._update',
      },
    ]);
    assertSites(
      sources,
      inferSites(d, selectorOf(d, 'mint(address,uint256)'), custom('OwnableUnauthorizedAccount', 'address')),
      [
        {
          file: '@openzeppelin/contracts/access/Ownable.sol',
          at: 'revert OwnableUnauthorizedAccount(_msgSender());',
          kind: 'revert-error',
          via: 'modifier onlyOwner → _checkOwner',
        },
      ],
    );
  });

  it('a custom error of the same name but another selector is not the one', () => {
    const d = vault();
    const wrong: RevertToFind = { kind: 'custom', name: 'Paused', selector: '0x12345678' };
    assert.match(reasonOf(inferSites(d, selectorOf(d, 'withdraw(uint256)'), wrong)), /raises Paused/);
  });
});

describe('inferred revert sites: text, lines and the Unicode before them', function () {
  this.timeout(120_000);
  const O = 'contracts/Oracle.sol';

  for (const [what, eol] of [
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ] as const) {
    it(`places a site after é and 😀 (${what} line ends), reached through an internal library function`, () => {
      const sources = { [O]: ORACLE_SOURCES[O].replace(/\r?\n/g, eol) };
      const d = detail(sources, O, 'Oracle');
      const answer = inferSites(d, selectorOf(d, 'read()'), custom('StalePrice', 'uint256'));
      assertSites(sources, answer, [
        { file: O, at: 'revert StalePrice(nowAt - updatedAt);', kind: 'revert-error', via: 'Prices.fresh' },
      ]);
      // The label's literal (é, 😀) comes before these: solc's byte offsets are not UTF-16 units there.
      const loop = inferSites(d, selectorOf(d, 'average(uint256[])'), panic(0x11n));
      assertSites(sources, loop, [
        { file: O, at: 'i++', kind: 'panic' },
        { file: O, at: 'sum += values[i];', kind: 'panic' },
      ]);
    });
  }

  it('uses the text the caller gives when the output has none, and refuses a text that changed', () => {
    const withText = vault();
    const bare = vault({ withoutContent: true });
    const withdraw = selectorOf(bare, 'withdraw(uint256)');
    const paused = custom('Paused');
    assert.match(
      reasonOf(inferSites(bare, withdraw, paused)),
      /text of contracts\/Vault\.sol is neither in the compiler output/,
    );
    const fromWorkspace = vault({ withoutContent: true });
    const asked: string[] = [];
    const answer = inferSites(fromWorkspace, withdraw, paused, {
      text: source => {
        asked.push(source.name);
        return VAULT_SOURCES[source.name];
      },
    });
    assert.deepStrictEqual(answer, inferSites(withText, withdraw, paused));
    assert.deepStrictEqual(asked, ['contracts/Vault.sol']);
    // With the compiler's hash of the text, a workspace file that changed since is not used.
    const hashed: CompiledContractDetail = {
      ...bare,
      sources: new Map(
        [...bare.sources].map(([id, s]) => [
          id,
          { ...s, keccak256: keccak256(stringToBytes(VAULT_SOURCES[s.name] ?? '')) },
        ]),
      ),
    };
    const edited = VAULT_SOURCES['contracts/Vault.sol'].replace('pragma', '\n\npragma');
    assert.match(
      reasonOf(inferSites(hashed, withdraw, paused, { text: () => edited })),
      /has changed since it was compiled/,
    );
    const hashedToo: CompiledContractDetail = { ...hashed };
    sitesOf(inferSites(hashedToo, withdraw, paused, { text: s => VAULT_SOURCES[s.name] }));
  });

  it('keeps answers per detail: the second lookup is the same answer', () => {
    const d = vault();
    const withdraw = selectorOf(d, 'withdraw(uint256)');
    const first = inferSites(d, withdraw, custom('Paused'));
    assert.strictEqual(inferSites(d, withdraw.toUpperCase().replace('0X', '0x'), custom('Paused')), first);
    assert.notStrictEqual(inferSites(d, withdraw, panic(0x11n)), first);
  });
});

describe('inferred revert sites: compiler output that falls short', function () {
  this.timeout(120_000);
  const withdrawPaused = (d: CompiledContractDetail) => inferSites(d, '0x2e1a7d4d', custom('Paused'));
  /** The source id solc gave contracts/Vault.sol. */
  const vaultId = (d: CompiledContractDetail) =>
    [...d.sources.values()].find(s => s.name === 'contracts/Vault.sol')?.id ?? -1;

  it('no AST: says which setting writes it, for each kind of output', () => {
    const d = vault({ withoutAst: true });
    assert.match(reasonOf(withdrawPaused(d)), /has no AST.*"\*": \{ "": \["ast"\] \}/);
    const as = (kind: 'hardhat-build-info' | 'foundry'): CompiledContractDetail => ({
      ...d,
      ref: { ...d.ref, origin: { kind, file: 'x.json' } },
    });
    assert.match(reasonOf(withdrawPaused(as('foundry'))), /ast = true.*forge build --build-info/);
    assert.match(reasonOf(withdrawPaused(as('hardhat-build-info'))), /build-info has it by default/);
  });

  it('an AST of a form it does not read: the legacy form of solc < 0.5, and others', () => {
    const d = vault();
    const legacy = { name: 'SourceUnit', children: [{ name: 'ContractDefinition', children: [] }], attributes: {} };
    const withAst = (ast: unknown, solcVersion?: string): CompiledContractDetail => ({
      ...d,
      ref: { ...d.ref, solcVersion },
      asts: new Map([[vaultId(d), ast]]),
    });
    assert.match(
      reasonOf(withdrawPaused(withAst(legacy, '0.4.24'))),
      /AST of a solc version Ledger Lens does not read \(solc 0\.4\.24\): the legacy form/,
    );
    assert.match(
      reasonOf(withdrawPaused(withAst({ id: 1, nodes: [] }))),
      /does not read: its nodes have no `nodeType`/,
    );
    assert.match(reasonOf(withdrawPaused(withAst({ nodeType: 'Block' }))), /its root is a Block/);
    assert.match(reasonOf(withdrawPaused(withAst('not json'))), /not a JSON object/);
    assert.match(reasonOf(withdrawPaused(withAst({ nodeType: 'SourceUnit', nodes: 'oops' }))), /has no contract Vault/);
    assert.match(
      reasonOf(withdrawPaused({ ...d, asts: new Map([[vaultId(d) + 100, { nodeType: 'SourceUnit', nodes: [] }]]) })),
      /has no AST for contracts\/Vault\.sol, where Vault is/,
    );
    const garbled = {
      nodeType: 'SourceUnit',
      nodes: [
        {
          nodeType: 'ContractDefinition',
          name: 'Vault',
          nodes: [
            {
              nodeType: 'FunctionDefinition',
              name: 'withdraw',
              functionSelector: '2e1a7d4d',
              body: { nodeType: 'Block', statements: [null, 7, { nodeType: 'RevertStatement' }] },
            },
          ],
        },
      ],
    };
    assert.match(reasonOf(withdrawPaused(withAst(garbled))), /No statement that Vault\.withdraw runs/);
  });

  it('ranges that point outside the source or to a source not listed: a clear answer', () => {
    const d = vault();
    const shifted = (from: string, to: string): CompiledContractDetail => ({
      ...d,
      asts: new Map([...d.asts].map(([id, ast]) => [id, JSON.parse(JSON.stringify(ast).replace(from, to)) as unknown])),
    });
    const site = sitesOf(withdrawPaused(d))[0];
    const src = `"${site.start}:${site.length}:${vaultId(d)}"`;
    assert.match(
      reasonOf(withdrawPaused(shifted(src, `"999999:${site.length}:${vaultId(d)}"`))),
      /points outside contracts\/Vault\.sol \(bytes 999999–\d+ of \d+\)/,
    );
    assert.match(
      reasonOf(withdrawPaused(shifted(src, `"${site.start}:${site.length}:42"`))),
      /source 42, which the compiler output does not list/,
    );
    assert.match(reasonOf(withdrawPaused(shifted(src, '"nowhere"'))), /has no source range/);
  });

  it('a deep or huge AST is walked within its budget, without recursion', () => {
    const d = vault();
    let expression: unknown = { nodeType: 'Identifier', name: 'x' };
    for (let i = 0; i < 200_000; i++)
      expression = { nodeType: 'UnaryOperation', operator: '!', subExpression: expression };
    const body = { nodeType: 'Block', statements: [{ nodeType: 'ExpressionStatement', expression }] };
    const unit = {
      nodeType: 'SourceUnit',
      nodes: [
        {
          nodeType: 'ContractDefinition',
          name: 'Vault',
          id: 1,
          nodes: [{ nodeType: 'FunctionDefinition', id: 2, functionSelector: '2e1a7d4d', body }],
        },
      ],
    };
    const deep: CompiledContractDetail = { ...d, asts: new Map([[vaultId(d), unit]]) };
    assert.match(reasonOf(withdrawPaused(deep)), /No statement/);
    assert.strictEqual(astIndex(deep).truncated, false);
    assert.strictEqual(astIndex({ ...deep, asts: new Map([[vaultId(d), unit]]) }, 1000).truncated, true);
  });
});
