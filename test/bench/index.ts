// `npm run bench [-- <section> ...]`: runs every test/bench/*.bench.ts section (or the named
// ones) and prints one table of figures against their goals.
import * as fs from 'fs';
import * as path from 'path';
import { fmt, type BenchRow } from './harness';

interface Section {
  run(): Promise<BenchRow[]>;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const files = fs
    .readdirSync(__dirname)
    .filter(f => f.endsWith('.bench.js'))
    .sort()
    .filter(f => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.js$/, '')));
  if (files.length === 0)
    throw new Error(`no bench sections${wanted.length ? ` named ${wanted.join(', ')}` : ''} in ${__dirname}`);
  const results: Array<{ section: string; rows: BenchRow[] }> = [];
  for (const file of files) {
    const section = file.replace(/\.bench\.js$/, '');
    process.stdout.write(`running ${section}...\n`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- sections are found at run time
    const mod = require(path.join(__dirname, file)) as Partial<Section>;
    if (typeof mod.run !== 'function') throw new Error(`${file} exports no run()`);
    results.push({ section, rows: await mod.run() });
  }
  print(results);
  const failed = results.flatMap(r => r.rows).filter(r => r.pass === false);
  if (failed.length > 0) process.stdout.write(`\n${failed.length} figure(s) miss their goal.\n`);
}

function print(results: Array<{ section: string; rows: BenchRow[] }>): void {
  const lines: string[][] = [['section', 'figure', 'value', 'goal', 'ok']];
  for (const { section, rows } of results) {
    for (const r of rows) {
      lines.push([
        section,
        r.name,
        `${fmt(r.value)} ${r.unit}`.trim(),
        r.goal ?? '',
        r.pass === undefined ? '' : r.pass ? 'yes' : 'NO',
      ]);
    }
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map(l => l[i].length)));
  const row = (l: string[]) => '| ' + l.map((c, i) => c.padEnd(widths[i])).join(' | ') + ' |';
  const out = [row(lines[0]), '|' + widths.map(w => '-'.repeat(w + 2)).join('|') + '|', ...lines.slice(1).map(row)];
  process.stdout.write('\n' + out.join('\n') + '\n');
  const notes = results.flatMap(({ section, rows }) =>
    rows.filter(r => r.note).map(r => `- ${section} / ${r.name}: ${r.note}`),
  );
  if (notes.length > 0) process.stdout.write('\n' + notes.join('\n') + '\n');
  process.stdout.write(`\nnode ${process.version}, ${process.platform}/${process.arch}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
