// Workspace files are untrusted: a cloned repository may hold configs and sources written to make
// inference slow. Each reader's cost must grow with the file's size at most linearly, whatever the
// file holds; what they read from ordinary files is pinned by the other tests in this folder.
import * as assert from 'assert';
import fc from 'fast-check';
import { type ConfigEvidence, inferFromConfig, inferFromSource } from '../../../src/infer';
import { assertGrowth } from '../../support/growth';

function read(path: string, text: string): ConfigEvidence {
  return inferFromConfig({ path, text });
}

describe('infer: hostile workspace files', () => {
  describe('foundry.toml table headers', () => {
    it('a header that fails at its end costs about twice as much at twice the length', () => {
      // Each `.ci` once doubled the time: a part's dot could go with the part or the separator.
      for (const [what, header] of [
        ['[profile.ci.ci…ci] x', (n: number) => `[profile${'.ci'.repeat(n)}] x`],
        ['[a.a.a…a! (no closing bracket)', (n: number) => `[a${'.a'.repeat(n)}!`],
        ['[a-.a-.…a-]]', (n: number) => `[a${'-.a'.repeat(n)}]]`],
      ] as const) {
        assertGrowth(
          what,
          n => `src = "src"\n${header(n)}\n`,
          text => read('foundry.toml', text),
          10,
          {
            factor: 2,
            maxRatio: 4,
          },
        );
        assert.deepStrictEqual(read('foundry.toml', `src = "src"\n${header(1000)}\n`), {
          kind: 'skipped',
          path: 'foundry.toml',
          reason: 'does not parse (table header at line 2)',
        });
      }
    });

    it('a long header is read in time linear in its length', () => {
      assertGrowth(
        '[profile . a.b . c…] with spaces around dots',
        n => `[profile${' . a.b'.repeat(n)}]\nchain_id = 296\n`,
        text => read('foundry.toml', text),
        2000,
      );
    });

    it('reads a header name as `[\\w.-]+(?:\\s*\\.\\s*[\\w.-]+)*` does, on headers short enough for that pattern', () => {
      const pattern = /^\s*\[\s*([\w.-]+(?:\s*\.\s*[\w.-]+)*)\s*\]\s*(?:#.*)?$/;
      const piece = fc.constantFrom(
        'profile',
        'default',
        'rpc_endpoints',
        '.',
        ' ',
        '\t',
        'a',
        '-',
        '_',
        '!',
        ']',
        '#',
        '[',
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 10 }), fc.boolean(), fc.boolean(), (pieces, closed, comment) => {
          const header = `[${pieces.join('')}${closed ? ']' : ''}${comment ? ' # c' : ''}`;
          // The header, then a pair under it and one under [rpc_endpoints]: which one is read says
          // which table the header opened.
          const text = `${header}\neth_rpc_url = "https://mainnet.hashio.io/api"\n[rpc_endpoints]\nt = "https://testnet.hashio.io/api"\n`;
          // `[[` opens an array of tables, which the reader passes over (its pairs are in no table).
          const arrayTable = header.startsWith('[[');
          const m = pattern.exec(header);
          const table = arrayTable ? '' : m?.[1].replace(/\s+/g, '');
          const expected =
            table === 'rpc_endpoints'
              ? 'conflict'
              : table === undefined
                ? 'skipped'
                : table === 'profile.default'
                  ? 'network'
                  : 'network testnet';
          const e = read('foundry.toml', text);
          const got = e.kind === 'network' && e.network === 'testnet' ? 'network testnet' : e.kind;
          assert.strictEqual(got, expected, JSON.stringify(header));
        }),
        { numRuns: 5000 },
      );
    });
  });

  describe('source files', () => {
    it('calls on one long line (a minified bundle) cost what their number says', () => {
      const make = (n: number) => 'Client.forTestnet();'.repeat(n);
      assertGrowth('Client.forTestnet(); × n on one line', make, text => inferFromSource(text, 'c'), 4000);
      const e = inferFromSource(`x\n${make(3)}\n\nClient.forMainnet()`, 'c');
      assert.deepStrictEqual(
        e.calls.map(c => [c.text, c.line, c.offset]),
        [
          ['Client.forTestnet()', 2, 2],
          ['Client.forTestnet()', 2, 22],
          ['Client.forTestnet()', 2, 42],
          ['Client.forMainnet()', 4, 64],
        ],
      );
    });

    it('a comment or string of millions of escapes or stars is read as saying nothing, not as a failure', () => {
      // Whether the engine's stack runs out there depends on the engine; an exception never comes out.
      for (const token of [`"${'\\a'.repeat(4_000_000)}"`, `/*${'*a'.repeat(4_000_000)}*/`]) {
        const e = inferFromSource(`const c = Client.forTestnet();\n${token}\n`, 'c');
        assert.ok(e.network === undefined || e.network === 'testnet', String(e.network));
      }
      // An ordinary long string is read through.
      assert.strictEqual(
        inferFromSource(`const s = "${'a'.repeat(4_000_000)}";\nClient.forTestnet();`, 'c').network,
        'testnet',
      );
    });

    it('a method name is shown without the spaces before its parenthesis', () => {
      const e = inferFromSource(`Client.forTestnet${' '.repeat(10_000)}()`, 'c');
      assert.deepStrictEqual(
        e.calls.map(c => c.text),
        ['Client.forTestnet()'],
      );
    });
  });

  describe('hardhat.config', () => {
    const entries = (n: number) =>
      `module.exports = {\n  networks: {\n${Array.from({ length: n }, (_, i) => `    n${i}: { chainId: 296 },\n`).join('')}  },\n};\n`;

    it('many network entries cost what their number says, and each has its line', () => {
      assertGrowth('networks with n entries', entries, text => read('hardhat.config.js', text), 500);
      const e = read('hardhat.config.js', entries(3));
      assert.deepStrictEqual(e, {
        kind: 'network',
        path: 'hardhat.config.js',
        network: 'testnet',
        claim: { network: 'testnet', what: 'networks.n0 (chainId 296)', line: 3 },
      });
    });

    it('URLs in strings outside a networks object cost what their number says, and each has its line', () => {
      // Short lines, so that 8n of them still fit under the size limit for a config.
      const urls = (n: number) =>
        `module.exports = make(\n${Array.from({ length: n }, () => "'ws://[::1]:5551',\n").join('')});\n`;
      assertGrowth('n local node URLs, one a line', urls, text => read('hardhat.config.js', text), 1600);
      const e = read(
        'hardhat.config.js',
        `${urls(2)}// "https://mainnet.hashio.io/api"\nx("https://mainnet.hashio.io/api")`,
      );
      assert.deepStrictEqual(e.kind === 'conflict' && e.claims.map(c => [c.network, c.line]), [
        ['local', 2],
        ['mainnet', 6],
      ]);
    });

    it('the length of identifier runs does not change the cost of a file of one size', () => {
      // A key is tried once per run of key characters, not at each of its offsets (64 read at each).
      const runs = (length: number) =>
        `module.exports = { networks: { ${Array.from({ length: Math.floor(32_768 / (length + 1)) }, () => 'a'.repeat(length)).join(' ')} } };\n`;
      assertGrowth('runs of 8 vs 64 key characters', runs, text => read('hardhat.config.js', text), 8, {
        maxRatio: 2,
      });
    });

    it('a key longer than 64 characters is read as its last 64, quoted keys and keys in strings as before', () => {
      const long = 'k'.repeat(36) + 'x'.repeat(64);
      const text = `module.exports = {\n  networks: {\n    ${long}: { chainId: 296 },\n    "a-b": { chainId: 297 },\n    c: "d: { chainId: 295 }",\n  },\n  defaultNetwork: "${'x'.repeat(64)}",\n};\n`;
      assert.deepStrictEqual(read('hardhat.config.ts', text), {
        kind: 'network',
        path: 'hardhat.config.ts',
        network: 'testnet',
        claim: { network: 'testnet', what: `defaultNetwork "${'x'.repeat(64)}" (chainId 296)`, line: 3 },
      });
      const conflict = read('hardhat.config.ts', text.replace(/defaultNetwork.*\n/, ''));
      assert.deepStrictEqual(conflict.kind === 'conflict' && conflict.claims.map(c => [c.what, c.line]), [
        [`networks.${'x'.repeat(64)} (chainId 296)`, 3],
        ['networks.a-b (chainId 297)', 4],
      ]);
    });
  });
});
