// The stepwise JSON parser must read every document as JSON.parse does (large containers are
// split at their own commas and colons, so strings holding brackets, escapes and `__proto__` keys
// are the cases to get right), and refuse what JSON.parse refuses.
import * as assert from 'assert';
import { parseArtifact } from '../../../src/abi';
import { parseJsonSteps } from '../../../src/abi/jsonSteps';
import { runSteps } from '../../../src/abi/signature';

const parse = (text: string) => runSteps(parseJsonSteps(text, 512));

const row = (i: number) => ({
  id: i,
  text: `a "quoted" [bracket], {brace}: and \\ backslash ${i}`,
  nested: { list: [i, null, true, -1.5e3], empty: [], none: {} },
});

describe('stepwise JSON parsing', () => {
  it('reads large documents exactly as JSON.parse does', () => {
    const docs = [
      JSON.stringify(Array.from({ length: 3000 }, (_, i) => row(i))),
      JSON.stringify(
        { abi: Array.from({ length: 3000 }, (_, i) => row(i)), big: { inner: Array.from({ length: 2000 }, row) } },
        null,
        2,
      ),
      `{"__proto__": ${JSON.stringify(Array.from({ length: 2000 }, row))}, "x": 1}`,
      `[${' '.repeat(40_000)}]`,
      `{${'\n'.repeat(40_000)}}`,
      JSON.stringify({ a: 'x'.repeat(100_000), b: ['y'.repeat(50_000)] }),
    ];
    for (const doc of docs) {
      const outcome = parse(doc);
      assert.ok('value' in outcome, 'error' in outcome ? outcome.error : '');
      assert.deepStrictEqual(outcome.value, JSON.parse(doc));
    }
    const proto = parse(docs[2]);
    assert.ok('value' in proto);
    assert.strictEqual(Object.getPrototypeOf(proto.value), Object.prototype, 'a __proto__ key is an own property');
  });

  it('refuses large text that JSON.parse refuses', () => {
    const items = JSON.stringify(Array.from({ length: 2000 }, (_, i) => row(i)));
    const bad = [
      `${items} 5`,
      `${items}]`,
      items.slice(0, -1),
      `[${items.slice(1, -1)},]`,
      `[,${items.slice(1)}`,
      `{"a" ${items}}`,
      `{"a": 1, ${'2'}: ${items}}`,
      `[${items.slice(1, -1)} 7]`,
      `{"a": ${items}, "b"}`,
    ];
    for (const text of bad) {
      assert.throws(() => JSON.parse(text));
      assert.ok('error' in parse(text), `accepted: ${text.slice(0, 40)}…${text.slice(-20)}`);
    }
  });

  it('an artifact nested deeper than 512 levels is skipped with that reason', () => {
    const outcome = parseArtifact('Deep.json', `{"abi": [], "x": ${'['.repeat(600)}${']'.repeat(600)}}`);
    assert.deepStrictEqual(outcome, {
      kind: 'skipped',
      reason: 'not JSON (nested deeper than 512 levels); a compile may still be writing it',
    });
  });
});
