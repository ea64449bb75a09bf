// Figures for topic messages: (a) 1,000 messages as the mirror node sends them (ten pages of 100:
// text, HCS-10-style JSON, binary and chunked JSON), parsed losslessly, checked, joined, decoded and
// rendered to the text a view shows (goal ≤ 20 ms); (b) the same without the rendering, for scale.
// Times are this process's CPU time: the shared machine's load is not the decoder's.
import { decodeTopicMessagesPage, joinChunks, topicEntryText, type TopicMessage } from '../../src/topics';
import {
  chunkedMessages,
  initialId,
  rawTopicMessage,
  topicMessagesBody,
  utf8,
  type RawTopicMessage,
} from '../support/topicMessages';
import { cpuNow, fmt, stats, type BenchRow } from './harness';

const MESSAGES = 1000;
const PAGE = 100;
const CHUNKS_PER_MESSAGE = 3;

/** One message of each kind in turn: 4 text, 3 JSON, 2 binary, 1 chunked (3 chunks) per 12 entries. */
function corpus(): RawTopicMessage[] {
  const out: RawTopicMessage[] = [];
  let sequence = 2n ** 53n; // above 2^53: the lossless path is the one measured
  const next = (): bigint => (sequence += 1n);
  for (let i = 0; out.length < MESSAGES; i++) {
    const kind = i % 10;
    if (kind < 4)
      out.push(
        rawTopicMessage({
          sequence: next(),
          bytes: utf8(`sensor ${i}: temperature ${20 + (i % 7)}.${i % 10} °C, status ok`),
        }),
      );
    else if (kind < 7) out.push(rawTopicMessage({ sequence: next(), bytes: utf8(hcs10Message(i)) }));
    else if (kind < 9) out.push(rawTopicMessage({ sequence: next(), bytes: binary(i, 64 + (i % 5) * 190) }));
    else {
      const id = initialId('0.0.1001', `1700000000.${String(i).padStart(9, '0')}`, 0);
      const first = next();
      sequence += BigInt(CHUNKS_PER_MESSAGE - 1);
      out.push(...chunkedMessages(utf8(hcs10Message(i).repeat(1).padEnd(2500, ' ')), CHUNKS_PER_MESSAGE, first, id));
    }
  }
  return out.slice(0, MESSAGES);
}

function hcs10Message(i: number): string {
  return JSON.stringify({
    p: 'hcs-10',
    op: 'message',
    operator_id: `0.0.${4000 + i}@0.0.${5000 + i}`,
    data: `reply ${i}: the quick brown fox jumps over the lazy dog`,
    m: 'agent conversation',
    metadata: { tags: ['bench', `n${i}`], score: i / 7 },
  });
}

function binary(seed: number, length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, j) => (seed * 31 + j * 151 + 0x80) & 0xff);
}

function pages(raws: readonly RawTopicMessage[]): string[] {
  const bodies: string[] = [];
  for (let i = 0; i < raws.length; i += PAGE) bodies.push(topicMessagesBody(raws.slice(i, i + PAGE)));
  return bodies;
}

function decodeAll(bodies: readonly string[]): TopicMessage[] {
  const messages: TopicMessage[] = [];
  for (const body of bodies)
    for (const m of decodeTopicMessagesPage(body).messages) {
      if (m instanceof Error) throw m;
      messages.push(m);
    }
  return messages;
}

function cpuSamples(work: () => unknown, runs: number, warmup: number): number[] {
  for (let i = 0; i < warmup; i++) work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = cpuNow();
    work();
    samples.push(cpuNow() - t0);
  }
  return samples;
}

export async function run(): Promise<BenchRow[]> {
  const bodies = pages(corpus());
  const bytes = bodies.reduce((sum, b) => sum + b.length, 0);
  let characters = 0;
  const full = () => {
    characters = 0;
    for (const entry of joinChunks(decodeAll(bodies))) characters += topicEntryText(entry).length;
  };
  const decodeOnly = () => joinChunks(decodeAll(bodies));
  full();
  const rendered = stats(cpuSamples(full, 60, 20));
  const decoded = stats(cpuSamples(decodeOnly, 60, 20));
  return [
    {
      name: '(a) decode 1,000 messages: parse, check, join, decode and render to text',
      value: rendered.median,
      unit: 'ms',
      goal: '≤ 20',
      pass: rendered.median <= 20,
      note:
        `median of ${rendered.samples} runs (p90 ${fmt(rendered.p90)} ms), CPU time; ten pages of 100 ` +
        `(${fmt(bytes / 1024)} KiB of JSON): 40% text, 30% JSON, 20% binary, 10% chunked JSON ` +
        `(${CHUNKS_PER_MESSAGE} chunks), sequence numbers above 2^53; ${characters.toLocaleString('en-US')} characters out`,
    },
    {
      name: '(b) the same without rendering (parse, check, join, decode)',
      value: decoded.median,
      unit: 'ms',
      note: `median of ${decoded.samples} runs (p90 ${fmt(decoded.p90)} ms), CPU time`,
    },
  ];
}
