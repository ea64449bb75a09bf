import * as assert from 'assert';
import { type Flavor, inferFromSource, flavorOf } from '../../../src/infer';
import { blankNonCode } from '../../../src/infer/lexer';

/** `network@line via text`, or `conflict …`, or `none` — the table reads as what the user is told. */
function summary(text: string, flavor: Flavor = 'c'): string {
  const e = inferFromSource(text, flavor);
  if (e.conflict) return `conflict ${e.conflict.map(c => `${c.network ?? '?'}@${c.line}`).join(' ')}`;
  if (e.network && e.call) return `${e.network}@${e.call.line} via ${e.call.text}`;
  return 'none';
}

// [language, source, expected]
const table: Array<[Flavor, string, string]> = [
  // JavaScript / TypeScript SDK
  ['c', 'const client = Client.forTestnet();', 'testnet@1 via Client.forTestnet()'],
  [
    'c',
    'import { Client } from "@hashgraph/sdk";\n\nconst client = Client.forMainnet();\n',
    'mainnet@3 via Client.forMainnet()',
  ],
  ['c', 'const c = Client.forPreviewnet()\nc.setOperator(id, key)', 'previewnet@1 via Client.forPreviewnet()'],
  ['c', 'const client = Client.forLocalNode();', 'local@1 via Client.forLocalNode()'],
  ['c', 'const client = Client.forName("mainnet");', 'mainnet@1 via Client.forName("mainnet")'],
  ['c', "const client = Client.forName('testnet');", 'testnet@1 via Client.forName("testnet")'],
  ['c', 'const client = Client.forName(`previewnet`);', 'previewnet@1 via Client.forName("previewnet")'],
  ['c', 'const client = Client.forName("local-node");', 'local@1 via Client.forName("local-node")'],
  ['c', 'const client = sdk_1.Client.forMainnet();', 'mainnet@1 via sdk_1.Client.forMainnet()'],
  ['c', 'const client = Client\n  .forTestnet()\n  .setOperator(id, key);', 'testnet@1 via Client.forTestnet()'],
  ['c', 'const client = Client.forMainnet({ scheduleNetworkUpdate: false });', 'mainnet@1 via Client.forMainnet(…)'],
  ['c', 'const client = HederaClient.forTestnet();', 'testnet@1 via HederaClient.forTestnet()'],
  // Java
  [
    'c',
    'public class Main {\n  public static void main(String[] args) {\n    Client client = Client.forTestnet();\n  }\n}',
    'testnet@3 via Client.forTestnet()',
  ],
  ['c', 'Client client = Client.forName("mainnet");', 'mainnet@1 via Client.forName("mainnet")'],
  ['c', 'Client client = Client.forName("localhost");', 'local@1 via Client.forName("localhost")'],
  // Go
  ['c', 'client := hedera.ClientForMainnet()', 'mainnet@1 via hedera.ClientForMainnet()'],
  ['c', 'client := hiero.ClientForTestnet()\nclient.SetOperator(id, key)', 'testnet@1 via hiero.ClientForTestnet()'],
  ['c', 'client, err := hedera.ClientForName("previewnet")', 'previewnet@1 via hedera.ClientForName("previewnet")'],
  // Rust, C++
  ['c', 'let client = Client::for_testnet();', 'testnet@1 via Client::for_testnet()'],
  ['c', 'auto client = Client::forMainnet();', 'mainnet@1 via Client::forMainnet()'],
  // Python
  [
    'python',
    'from hiero_sdk_python import Client\nclient = Client.for_testnet()\n',
    'testnet@2 via Client.for_testnet()',
  ],
  ['python', 'client = Client.forMainnet()', 'mainnet@1 via Client.forMainnet()'],
  [
    'python',
    'network = Network(network="previewnet")\nclient = Client(network)',
    'previewnet@1 via Network("previewnet")',
  ],
  ['python', "network = Network('mainnet')", 'mainnet@1 via Network("mainnet")'],
  // Comments and strings only mention a network
  [
    'c',
    '// const client = Client.forMainnet();\nconst client = Client.forTestnet();',
    'testnet@2 via Client.forTestnet()',
  ],
  ['c', '/* Client.forMainnet()\n   is for production */\nClient.forTestnet();', 'testnet@3 via Client.forTestnet()'],
  [
    'c',
    'const client = Client.forTestnet(); // use Client.forMainnet() for production',
    'testnet@1 via Client.forTestnet()',
  ],
  ['c', 'console.log("call Client.forMainnet() to go live");', 'none'],
  ['c', "const help = 'Client.forMainnet()';", 'none'],
  ['c', 'const doc = `\n  Client.forMainnet()\n`;\nClient.forPreviewnet();', 'previewnet@4 via Client.forPreviewnet()'],
  ['c', 'const url = "https://mainnet.hashio.io/api"; // mainnet', 'none'],
  ['c', 'const s = "a \\" Client.forMainnet()";\nClient.forTestnet()', 'testnet@2 via Client.forTestnet()'],
  ['python', '# client = Client.for_mainnet()\nclient = Client.for_testnet()', 'testnet@2 via Client.for_testnet()'],
  [
    'python',
    '"""\nClient.for_mainnet()\n"""\nclient = Client.for_previewnet()',
    'previewnet@4 via Client.for_previewnet()',
  ],
  ['python', "print('Client.for_mainnet()')", 'none'],
  // Not SDK calls
  ['c', 'const forTestnet = () => 1; forTestnet();', 'none'],
  ['c', 'config.forMainnet()', 'none'],
  ['c', 'Client.forNetwork({ "127.0.0.1:50211": "0.0.3" })', 'none'],
  ['c', 'Client.forName(process.env.HEDERA_NETWORK)', 'none'],
  ['c', 'Client.forName("custom")', 'none'],
  // The same network twice agrees; two different networks are a conflict with both lines
  ['c', 'const a = Client.forTestnet();\nconst b = Client.forTestnet();', 'testnet@1 via Client.forTestnet()'],
  ['c', 'const a = Client.forMainnet();\nconst b = Client.forTestnet();', 'conflict mainnet@1 testnet@2'],
  [
    'c',
    'switch (network) {\n  case "mainnet":\n    return Client.forMainnet();\n  case "previewnet":\n    return Client.forPreviewnet();\n  default:\n    return Client.forTestnet();\n}',
    'conflict mainnet@3 previewnet@5 testnet@7',
  ],
  // A dynamic forName beside a literal call: the literal one decides
  ['c', 'const c = name ? Client.forName(name) : Client.forTestnet();', 'testnet@1 via Client.forTestnet()'],
];

describe('network inference from a source file', () => {
  for (const [flavor, text, expected] of table) {
    it(`${flavor}: ${JSON.stringify(text).slice(0, 90)} → ${expected}`, () => {
      assert.strictEqual(summary(text, flavor), expected);
    });
  }

  it('keeps every call in order, with unresolved ones, and their offsets point at the call', () => {
    const text = 'x\nconst c = Client.forName(name);\nconst d = Client.forTestnet();';
    const e = inferFromSource(text, 'c');
    assert.deepStrictEqual(
      e.calls.map(c => [c.text, c.line, c.network]),
      [
        ['Client.forName(…)', 2, undefined],
        ['Client.forTestnet()', 3, 'testnet'],
      ],
    );
    for (const c of e.calls) assert.ok(text.startsWith('Client', c.offset));
  });

  it('a call after a long comment and a long string is found on the right line', () => {
    const filler = Array.from(
      { length: 500 },
      (_, i) => `// line ${i} Client.forMainnet()\nconst s${i} = "Client.forMainnet()";`,
    );
    const text = `${filler.join('\n')}\nconst client = Client.forPreviewnet();\n`;
    assert.strictEqual(summary(text), 'previewnet@1001 via Client.forPreviewnet()');
  });

  it('an unterminated string ends at its line, so the next line is code again', () => {
    assert.strictEqual(summary('const a = "oops\nconst c = Client.forMainnet();'), 'mainnet@2 via Client.forMainnet()');
  });
});

describe('the lexer', () => {
  it('finds comments and strings, escapes included: their insides are blanked, code is kept', () => {
    const text = 'a /* b */ c // d\n"e" `f\ng` \'h\' i "j\\"k" l';
    assert.strictEqual(blankNonCode(text, 'c', true), 'a         c     \n" " ` \n ` \' \' i "    " l');
  });

  it('python: # comments and triple-quoted strings', () => {
    const text = "x # c\n'''a\nb''' y \"z\"";
    assert.strictEqual(blankNonCode(text, 'python', true), "x    \n''' \n ''' y \" \"");
  });

  it('blankNonCode keeps offsets and lines, blanks comments, and blanks strings only when asked', () => {
    const text = 'a: "x", // c\n/* d\n*/ b: 1';
    assert.strictEqual(blankNonCode(text, 'c', false), 'a: "x",     \n    \n   b: 1');
    assert.strictEqual(blankNonCode(text, 'c', true), 'a: " ",     \n    \n   b: 1');
  });

  it('reads the languages with SDKs, by language id or file name, and not documentation', () => {
    assert.strictEqual(flavorOf('typescript'), 'c');
    assert.strictEqual(flavorOf('go'), 'c');
    assert.strictEqual(flavorOf('python'), 'python');
    assert.strictEqual(flavorOf('markdown'), undefined);
    assert.strictEqual(flavorOf('plaintext'), undefined);
    assert.strictEqual(flavorOf(undefined, 'scripts/deploy.mjs'), 'c');
    assert.strictEqual(flavorOf(undefined, 'main.py'), 'python');
    assert.strictEqual(flavorOf(undefined, 'README.md'), undefined);
  });
});
