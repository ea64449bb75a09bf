import * as assert from 'assert';
import { prettyJson } from '../../../src/features/common/json';

describe('prettyJson keeps every digit', () => {
  it('re-indents without touching numbers or strings', () => {
    const raw = '{"balance":9223372036854775807,"memo":"a, b: {c}","list":[1,-2.5e3,{}],"e":[],"s":"q\\"x"}';
    const out = prettyJson(raw);
    assert.ok(out.includes('"balance": 9223372036854775807'), out);
    assert.ok(out.includes('"memo": "a, b: {c}"'), out);
    assert.ok(out.includes('-2.5e3'), out);
    assert.ok(out.includes('"e": []'), out);
    assert.ok(out.includes('"s": "q\\"x"'), out);
    // Same tokens: removing whitespace outside strings gives the input back.
    assert.strictEqual(JSON.stringify(JSON.parse(out)), JSON.stringify(JSON.parse(raw)));
  });

  it('indents nested containers by depth', () => {
    assert.strictEqual(prettyJson('{"a":{"b":[1]}}'), '{\n  "a": {\n    "b": [\n      1\n    ]\n  }\n}\n');
  });
});
