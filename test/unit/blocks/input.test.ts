import * as assert from 'assert';
import { BLOCK_INPUT_HELP, parseBlockLookup } from '../../../src/features/blocks/input';

describe('blocks/input: a refusal names the part that is wrong', () => {
  const cases: Array<[string, string]> = [
    ['', 'Type a block number or a block hash.'],
    ['1test', '"t" (character 2) is not a digit.'],
    ['0x12g4', '"g" (character 5) is not a hex digit.'],
    ['b0162e8a244dc05fbd6f3', 'A block hash is 64 or 96 hex digits (32 or 48 bytes); this has 21.'],
    ['0xb0162e8a244dc05fbd6f3', 'A block hash is 64 or 96 hex digits (32 or 48 bytes); this has 21.'],
    [`0x${'a'.repeat(65)}`, 'A block hash is 64 or 96 hex digits (32 or 48 bytes); this has 65.'],
    ['-1', 'A block number is not negative.'],
    ['1.5', 'A block number is a whole number; "1.5" has a fraction.'],
    ['9223372036854775808', 'A block number is at most 9223372036854775807; this is 9223372036854775808.'],
    ['99999999999999999999', 'A block number is at most 9223372036854775807; this has 20 digits.'],
    ['0x8000000000000000', 'A block number is at most 9223372036854775807; this is 9223372036854775808.'],
    ['0x', 'The hex digits after 0x are missing.'],
    ['0X11', 'Write the hex prefix as a lowercase 0x.'],
    ['gte:100', 'Operators ("gte:") are not taken here: one block number or hash.'],
    ['1\u202e2', '"⟨U+202E⟩" (character 2) is not a digit.'],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)}: ${expected}`, () => {
      const r = parseBlockLookup(input);
      assert.ok(!r.ok);
      assert.strictEqual(r.problem, expected);
      assert.strictEqual(r.message, `${expected} ${BLOCK_INPUT_HELP}`);
    });
  }
});
