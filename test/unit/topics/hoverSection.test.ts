// The topic hover's messages section: the count and the last message, decoded and short, in a
// code span (never markup), with links that run only our commands.
import * as assert from 'assert';
import { topicMessagesSection, type LastTopicMessage } from '../../../src/features/hover/topicMessages';
import { HOVER_COMMANDS } from '../../../src/features/hover/content';
import { decodeTopicMessage } from '../../../src/topics';
import { rawTopicMessage, utf8 } from '../../support/topicMessages';

const last = (sequence: bigint, text: string | Uint8Array): LastTopicMessage => ({
  kind: 'message',
  message: decodeTopicMessage(rawTopicMessage({ sequence, bytes: typeof text === 'string' ? utf8(text) : text })),
});
const NOW = 1_800_000_000_000;

function commandsIn(md: string): string[] {
  return [...md.matchAll(/\]\(command:([\w.]+)/g)].map(m => m[1]);
}

describe('topic hover: the last message and the count', () => {
  it('says the count (the last sequence number, grouped), who sent it and the text', () => {
    const md = topicMessagesSection('0.0.5005', last(1234n, 'hello'), NOW);
    assert.match(md, /^Messages: 1,234 · last #1234, .+ ago, by `0\.0\.1001`/);
    assert.ok(md.includes('`hello`'), md);
    assert.deepStrictEqual(commandsIn(md), ['ledgerLens.watchTopic', 'ledgerLens.tailTopic']);
    for (const c of commandsIn(md)) assert.ok(HOVER_COMMANDS.includes(c), c);
    assert.ok(md.includes(encodeURIComponent(JSON.stringify({ id: '0.0.5005' }))));
  });

  it('a hostile message stays text: no link, no HTML, no second line, bounded', () => {
    const hostile = `[x](command:workbench.action.terminal.new) <img src=x onerror=1> \`\`\` **b**\n# h ${'z'.repeat(500)}`;
    const md = topicMessagesSection('0.0.5005', last(7n, hostile), NOW);
    const lines = md.split('\n');
    const line = lines[1];
    // The message's line is one code span (shown literally); the links are the other lines'.
    assert.deepStrictEqual(commandsIn(lines.filter((_, i) => i !== 1).join('\n')), [
      'ledgerLens.watchTopic',
      'ledgerLens.tailTopic',
    ]);
    assert.ok(!/<img/.test(lines.filter((_, i) => i !== 1).join('\n')));
    const span = /^(`+) ?(.*?) ?\1$/.exec(line);
    assert.ok(span, `the message is one code span: ${line}`);
    assert.ok(!span[2].includes(span[1]), 'the fence is longer than any backtick run inside');
    assert.ok(line.length < 260, `${line.length}`);
  });

  it('binary shows as hex; a sequence number above 2^53 exact', () => {
    const md = topicMessagesSection('0.0.5005', last(9_007_199_254_740_993n, new Uint8Array([0, 1, 2, 255])), NOW);
    assert.match(md, /Messages: 9,007,199,254,740,993 · last #9007199254740993/);
    assert.match(md, /hex `0000 00 01 02 ff/);
  });

  it('no messages, an unknown count, a deleted topic', () => {
    assert.match(topicMessagesSection('0.0.5005', { kind: 'none' }, NOW), /^Messages: none yet/);
    assert.match(topicMessagesSection('0.0.5005', { kind: 'unknown', why: 'x' }, NOW), /^Messages: could not be read/);
    assert.deepStrictEqual(commandsIn(topicMessagesSection('0.0.5005', { kind: 'none' }, NOW, true)), [
      'ledgerLens.tailTopic',
    ]);
  });
});
