// A web-only package of the extension for the browser e2e tests: the same .vsix, byte for byte, but
// for extension/package.json without `main`. A workbench that has a web worker extension host runs
// an extension with `browser` and no `main` there (its extension kind is then `web` only), so the
// tests prove the browser entry runs in a browser, not the Node entry in Node beside it.
//
// The zip is rewritten here with node:zlib rather than a zip library: only one entry changes, and
// the packages that could do it are other tools' dependencies, not this project's.
import * as fs from 'fs';
import * as zlib from 'zlib';

const MANIFEST = 'extension/package.json';
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const STORED = 0;
const DEFLATED = 8;
/** General purpose flag bit 3: sizes and CRC follow the data. The rewrite writes them in the header. */
const DATA_DESCRIPTOR = 0x0008;

interface Entry {
  readonly name: string;
  /** The central directory record as read (its sizes, CRC and offset are rewritten). */
  readonly central: Buffer;
  readonly method: number;
  readonly crc: number;
  readonly data: Buffer;
  readonly size: number;
}

function endOfCentral(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL) return at;
  }
  throw new Error('not a zip file: no end of central directory record');
}

function readEntries(zip: Buffer): Entry[] {
  const end = endOfCentral(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error('ZIP64 packages are not supported');
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_HEADER) throw new Error(`bad central directory record at ${at}`);
    const nameLength = zip.readUInt16LE(at + 28);
    const recordLength = 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const central = Buffer.from(zip.subarray(at, at + recordLength));
    const compressed = central.readUInt32LE(20);
    const local = central.readUInt32LE(42);
    if (zip.readUInt32LE(local) !== LOCAL_HEADER) throw new Error(`bad local header at ${local}`);
    // The local header's name and extra field may differ in length from the central record's.
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name: central.toString('utf8', 46, 46 + nameLength),
      central,
      method: central.readUInt16LE(10),
      crc: central.readUInt32LE(16),
      data: zip.subarray(start, start + compressed),
      size: central.readUInt32LE(24),
    });
    at += recordLength;
  }
  return entries;
}

/** The manifest's text without `main`, in the file's own indentation and key order. */
function withoutMain(text: string): string {
  const manifest = JSON.parse(text) as Record<string, unknown>;
  if (typeof manifest['browser'] !== 'string')
    throw new Error(`${MANIFEST} has no \`browser\` entry: a package without \`main\` would have no code at all`);
  if (!('main' in manifest)) throw new Error(`${MANIFEST} has no \`main\` to remove`);
  delete manifest['main'];
  const indent = /^\{\r?\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
  return JSON.stringify(manifest, null, indent) + (text.endsWith('\n') ? '\n' : '');
}

function webOnlyManifest(entry: Entry): Entry {
  if (entry.method !== STORED && entry.method !== DEFLATED)
    throw new Error(`${MANIFEST} uses compression method ${entry.method}`);
  const raw = entry.method === DEFLATED ? zlib.inflateRawSync(entry.data) : entry.data;
  const text = Buffer.from(withoutMain(raw.toString('utf8')), 'utf8');
  return {
    ...entry,
    method: DEFLATED,
    crc: zlib.crc32(text),
    data: zlib.deflateRawSync(text, { level: 9 }),
    size: text.length,
  };
}

/**
 * Writes `out`: the package `vsix` with `main` removed from extension/package.json, every other
 * entry copied as it was. Returns `out`.
 */
export function makeWebOnlyVsix(vsix: string, out: string): string {
  const entries = readEntries(fs.readFileSync(vsix));
  if (!entries.some(e => e.name === MANIFEST)) throw new Error(`${vsix} has no ${MANIFEST}`);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const original of entries) {
    const entry = original.name === MANIFEST ? webOnlyManifest(original) : original;
    const name = Buffer.from(entry.name, 'utf8');
    const central = Buffer.from(entry.central);
    central.writeUInt16LE(central.readUInt16LE(8) & ~DATA_DESCRIPTOR, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt32LE(offset, 42);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    // Version needed, flags, method, time, date, CRC and sizes as in the central record.
    central.copy(local, 4, 6, 28);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, entry.data);
    centrals.push(central);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  fs.writeFileSync(out, Buffer.concat([...locals, directory, end]));
  return out;
}
