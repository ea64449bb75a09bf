// Every regular expression in src, found with the TypeScript parser (regex literals and
// `new RegExp(…)` / `RegExp(…)` calls), is run on adversarial text built from its own alphabet:
// a piece of its literal characters, class members and separators repeated n and 8n times, then a
// suffix that makes the match fail. The cost of 8n may be little more than 8× that of n
// (assertGrowth): a backtracking or quadratic pattern is caught on any machine. A `new RegExp` with
// dynamic parts has a registered case that builds the same pattern; a new one without a case fails.
import * as assert from 'assert';
import fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';
import { assertGrowth, cpuPerRun } from '../../support/growth';
import { cpuNow } from '../../support/cpuTime';
import { projectRoot } from '../../support/paths';
import { RESTRICTED_SETTING_KEYS } from '../../../src/app/settings';
import { ABI_TYPE } from '../../../src/abi/schemas';
import { commentOrStringSource } from '../../../src/infer/lexer';

interface FoundRegex {
  readonly file: string;
  readonly line: number;
  /** The literal's text (`/a+/g`), or the call's text for `new RegExp(…)`. */
  readonly text: string;
  readonly kind: 'literal' | 'constructor';
}

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every regex literal and RegExp construction in one source text. */
export function regexesIn(file: string, text: string): FoundRegex[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: FoundRegex[] = [];
  const lineOf = (node: ts.Node): number => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral)
      found.push({ file, line: lineOf(node), text: node.getText(source), kind: 'literal' });
    else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    )
      found.push({ file, line: lineOf(node), text: node.getText(source), kind: 'constructor' });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A regex literal's text compiled: `/a+/gy` → new RegExp('a+', 'gy'). */
function compileLiteral(text: string): RegExp {
  const end = text.lastIndexOf('/');
  return new RegExp(text.slice(1, end), text.slice(end + 1));
}

const ESCAPES: Readonly<Record<string, string>> = {
  d: '0',
  D: 'x',
  w: 'a',
  W: '!',
  s: ' ',
  S: 'x',
  n: '\n',
  r: '\r',
  t: '\t',
  f: '\f',
  v: '\v',
  b: '',
  B: '',
  '0': '\u0000',
};

/**
 * The characters a pattern cares about (its literal characters, escapes as one example, both ends
 * and the middle of each class range) and its runs of literal text (`forTestnet`, `0x`).
 */
export function alphabetOf(pattern: string): { chars: string[]; runs: string[] } {
  const chars = new Set<string>();
  const runs: string[] = [];
  let run = '';
  const endRun = (): void => {
    if (run.length > 1) runs.push(run);
    run = '';
  };
  let inClass = false;
  let classPrev = '';
  for (let i = 0; i < pattern.length; i++) {
    let c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      if (next === 'u' && pattern[i + 1] === '{') {
        const close = pattern.indexOf('}', i);
        c = String.fromCodePoint(parseInt(pattern.slice(i + 2, close), 16));
        i = close;
      } else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(pattern.slice(i + 1, i + 5))) {
        c = String.fromCharCode(parseInt(pattern.slice(i + 1, i + 5), 16));
        i += 4;
      } else if (next === 'x' && /^[0-9a-fA-F]{2}$/.test(pattern.slice(i + 1, i + 3))) {
        c = String.fromCharCode(parseInt(pattern.slice(i + 1, i + 3), 16));
        i += 2;
      } else if (next === 'p' || next === 'P') {
        i = pattern.indexOf('}', i);
        c = next === 'p' ? 'a' : '!';
      } else if (next === 'k') {
        i = pattern.indexOf('>', i);
        c = '';
      } else c = ESCAPES[next] ?? next;
      if (c) chars.add(c);
      if (!inClass) {
        if (/^[dDwWsS]$/.test(next)) endRun();
        else run += c;
      }
      classPrev = c;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      else if (c === '-' && classPrev && pattern[i + 1] && pattern[i + 1] !== ']') {
        const to = pattern[i + 1] === '\\' ? (ESCAPES[pattern[i + 2]] ?? pattern[i + 2]) : pattern[i + 1];
        const from = classPrev.codePointAt(0) ?? 0;
        const top = to.codePointAt(0) ?? from;
        chars.add(to);
        chars.add(String.fromCodePoint(Math.floor((from + top) / 2)));
      } else if (c !== '^' || pattern[i - 1] !== '[') chars.add(c);
      classPrev = c;
      continue;
    }
    if (c === '[') {
      endRun();
      inClass = true;
      classPrev = '';
    } else if (c === '(' && pattern[i + 1] === '?') {
      endRun();
      // (?: (?= (?! (?<= (?<! (?<name>
      if (pattern[i + 2] === '<' && pattern[i + 3] !== '=' && pattern[i + 3] !== '!') i = pattern.indexOf('>', i);
      else i += pattern[i + 2] === '<' ? 3 : 2;
    } else if (c === '{' && /^\{\d*,?\d*\}/.test(pattern.slice(i))) {
      endRun();
      i = pattern.indexOf('}', i);
    } else if ('()|*+?^$'.includes(c)) endRun();
    else if (c === '.') {
      endRun();
      chars.add('a');
    } else {
      chars.add(c);
      run += c;
    }
  }
  endRun();
  return { chars: [...chars].filter(ch => ch.length > 0), runs };
}

const SEPARATORS = [' ', '.', '-', '/', ',', '"', '\n', '0', 'a'];
const FAILING = ['!', '\u0000', '', '\n', '~', '\u202e'];

/** How the source uses a regex: every match of a global one, the one place of a sticky one, else a test. */
function runOf(re: RegExp): (text: string) => unknown {
  if (re.global) return text => text.replace(re, '');
  return text => {
    re.lastIndex = 0;
    return re.test(text);
  };
}

/** Adversarial text for a pattern: an optional prefix, a piece repeated n times, a failing suffix. */
function adversarial(pattern: string): fc.Arbitrary<{ prefix: string; piece: string; suffix: string }> {
  const { chars, runs } = alphabetOf(pattern);
  const alphabet = [...new Set([...chars, ...SEPARATORS])];
  const fromRuns = runs.length > 0 ? [fc.constantFrom(...runs)] : [];
  const unit = fc.oneof(fc.constantFrom(...alphabet), ...fromRuns);
  // Mostly one of the pattern's own characters or runs: a quantified run is what backtracks.
  const piece = fc.oneof(
    { arbitrary: fc.constantFrom(...(chars.length > 0 ? chars : alphabet)), weight: 3 },
    { arbitrary: fc.oneof(...fromRuns, fc.constantFrom(...alphabet)), weight: 1 },
    { arbitrary: fc.array(unit, { minLength: 1, maxLength: 4 }).map(parts => parts.join('')), weight: 2 },
  );
  const prefix = fc.oneof(fc.constant(''), ...fromRuns);
  const suffix = fc.oneof(fc.constantFrom(...FAILING), fc.constantFrom(...alphabet));
  return fc.record({ prefix, piece, suffix });
}

/** Lengths (in characters of the repeated part) at which an exponential pattern shows itself. */
const PROBE_LENGTHS = [4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24];
/** A probe run this long (CPU) is timed again against the shortest probe before it can fail. */
const PROBE_SUSPECT_MS = 5;
const GROWTH_REPEATS = 300;

function assertNearLinear(what: string, re: RegExp, pattern: string, runs = 4): void {
  const run = runOf(re);
  fc.assert(
    fc.property(adversarial(pattern), ({ prefix, piece, suffix }) => {
      const make = (n: number): string => prefix + piece.repeat(n) + suffix;
      // Grown a few characters at a time: an exponential pattern is over the limit long before it hangs.
      for (const length of PROBE_LENGTHS) {
        const input = make(Math.ceil(length / piece.length));
        const t0 = cpuNow();
        run(input);
        if (cpuNow() - t0 < PROBE_SUSPECT_MS) continue;
        // Slow once is a reason to look closer, not a verdict (a collection, a cold JIT): the
        // fastest of three runs against the shortest probe's, which a linear pattern keeps near
        // the ratio of their lengths and an exponential one multiplies with every character.
        const first = PROBE_LENGTHS[0];
        const shortest = cpuPerRun(() => run(make(Math.ceil(first / piece.length))), 3, 1);
        const took = cpuPerRun(() => run(input), 3, 0);
        const ratio = took / Math.max(shortest, 0.01);
        assert.ok(
          ratio <= (4 * length) / first,
          `${what}: ${took.toFixed(1)} ms on ${JSON.stringify(input)}, ${ratio.toFixed(0)}× the ${first}-character probe (exponential)`,
        );
      }
      assertGrowth(
        `${what} on ${JSON.stringify(prefix)} + ${JSON.stringify(piece)} × n + ${JSON.stringify(suffix)}`,
        make,
        run,
        GROWTH_REPEATS,
        {
          tries: 2,
        },
      );
    }),
    // No shrinking: each failing try of an exponential pattern costs its full probe.
    { numRuns: runs, endOnFailure: true },
  );
}

// ---- the registered cases of `new RegExp` with dynamic parts -----------------------------------

/** Per file, the patterns its `RegExp` constructions build, in source order (one builder each). */
const CONSTRUCTED: Readonly<Record<string, ReadonlyArray<() => RegExp>>> = {
  'src/app/trustNotice.ts': [() => new RegExp(`"(ledgerLens\\.(?:${RESTRICTED_SETTING_KEYS.join('|')}))"\\s*:`, 'g')],
  // The name is escaped before it goes in; a long hostile one is what is tried.
  'src/features/abi/source.ts': [
    () => new RegExp(`^\\s*(?:abstract\\s+)?(?:contract|library|interface)\\s+${'Token'.repeat(20)}\\b`),
  ],
  'src/ledger/references.ts': [
    () =>
      new RegExp(
        String.raw`(?<![\w$.^~@#\-])` +
          `(?:0x([0-9a-fA-F]{40})|(\\d{1,10})\\.(\\d{1,10})\\.(\\d{1,10})` +
          String.raw`(?:-(\d{1,19})-(\d{1,9})|(?:-([a-z]{5}))?(?:@(\d{1,19})(?:\.(\d{1,9}))?)?)` +
          `)${String.raw`(?![\w$]|[.\-@][\w$])`}`,
        'y',
      ),
  ],
  'src/ledger/entityId.ts': [() => new RegExp(`^(\\d{1,10})\\.(\\d{1,10})\\.(\\d{1,10})(?:-([a-z]{5}))?$`)],
  'src/infer/source.ts': (() => {
    const method = String.raw`[fF]or(_?(?:mainnet|testnet|previewnet|local_?node|name)|Mainnet|Testnet|Previewnet|LocalNode|Name)\s*\(`;
    const pyNetwork = String.raw`\b(Network)\s*\(\s*(?:network\s*=\s*)?`;
    return [
      () => new RegExp(`${commentOrStringSource('c')}|${method}`, 'g'),
      () => new RegExp(`${commentOrStringSource('python')}|${method}|${pyNetwork}`, 'g'),
      () => new RegExp(method),
      () => new RegExp(`${method}|${pyNetwork}`),
    ];
  })(),
  'src/abi/schemas.ts': [() => ABI_TYPE],
};

/** Literals known to be fine that the generic generator cannot exercise: keep this tiny. */
const EXEMPT: Readonly<Record<string, string>> = {};

// ---- the tests ---------------------------------------------------------------------------------

const root = projectRoot();
const ALL: FoundRegex[] = tsFiles(path.join(root, 'src')).flatMap(f => {
  const rel = path.relative(root, f).split(path.sep).join('/');
  return regexesIn(rel, fs.readFileSync(f, 'utf8'));
});

describe('property: every regular expression in src stays near-linear on adversarial text', function () {
  this.timeout(300_000);

  it('the reader finds literals and constructions, and the alphabet reader takes a pattern apart', () => {
    const found = regexesIn('t.ts', "const a = /x+y/g; const b = new RegExp(`^${s}$`); const c = RegExp('z'); // /no/");
    assert.deepStrictEqual(
      found.map(r => [r.kind, r.text]),
      [
        ['literal', '/x+y/g'],
        ['constructor', 'new RegExp(`^${s}$`)'],
        ['constructor', "RegExp('z')"],
      ],
    );
    const { chars, runs } = alphabetOf(String.raw`(?<![\w])0x[0-9a-f]{40}\.forTestnet\s*\(`);
    for (const ch of ['a', '0', 'x', '9', 'f', '.', ' ', '(']) assert.ok(chars.includes(ch), ch);
    assert.ok(runs.includes('0x') && runs.includes('.forTestnet'), runs.join(' | '));
  });

  it('the generic check catches a backtracking and a quadratic pattern', () => {
    assert.throws(() => assertNearLinear('/^(a+)+$/', /^(a+)+$/, '^(a+)+$', 20));
    assert.throws(() => assertNearLinear('/\\d+\\.\\d+$/', /\d+\.\d+$/, String.raw`\d+\.\d+$`, 20));
  });

  it('every `new RegExp` in src has a registered case (the file and a builder of the same pattern)', () => {
    const counts = new Map<string, number>();
    for (const r of ALL.filter(r => r.kind === 'constructor')) counts.set(r.file, (counts.get(r.file) ?? 0) + 1);
    const missing = [...counts]
      .filter(([file, n]) => (CONSTRUCTED[file]?.length ?? 0) < n)
      .map(([f, n]) => `${f} (${n})`);
    assert.deepStrictEqual(missing, [], 'a RegExp built at run time has no case here: add one to CONSTRUCTED');
    const stale = Object.keys(CONSTRUCTED).filter(f => !counts.has(f));
    assert.deepStrictEqual(stale, [], 'a registered case no longer has its RegExp in src: remove it');
    const staleExempt = Object.keys(EXEMPT).filter(key => !ALL.some(r => `${r.file} ${r.text}` === key));
    assert.deepStrictEqual(staleExempt, [], 'an exemption no longer applies: remove it');
  });

  for (const r of ALL.filter(r => r.kind === 'literal')) {
    const key = `${r.file} ${r.text}`;
    if (key in EXEMPT) continue;
    it(`${r.file}:${r.line} ${r.text}`, () => {
      const re = compileLiteral(r.text);
      assertNearLinear(`${r.file}:${r.line} ${r.text}`, re, re.source);
    });
  }

  for (const [file, builders] of Object.entries(CONSTRUCTED)) {
    builders.forEach((build, i) => {
      it(`${file} new RegExp #${i + 1}`, () => {
        const re = build();
        assertNearLinear(`${file} #${i + 1} /${re.source}/${re.flags}`, re, re.source);
      });
    });
  }
});
