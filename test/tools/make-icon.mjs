#!/usr/bin/env node
// Draws the Ledger Lens icons: media/ledger-lens.svg (monochrome, for the activity bar; VS Code
// tints it) and media/icon.png (128×128, for the Marketplace). Both are the same glyph, a ledger
// sheet under a magnifying lens, described once below as shapes in a 24×24 box. The PNG is
// rasterised here (signed distances, 4×4 supersampling) and written with zlib, so no image tool
// is needed.   node test/tools/make-icon.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MEDIA = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'media');

// The glyph, in a 24×24 box.
const SHEET = { x0: 3, y0: 2.5, x1: 15, y1: 20.5, r: 1.5, w: 1.6 };
const RULES = [
  [6, 7, 12, 7],
  [6, 10.5, 12, 10.5],
  [6, 14, 9.5, 14],
];
const LENS = { cx: 16, cy: 15, r: 4.6, w: 1.6 };
const HANDLE = { x0: 19.4, y0: 18.4, x1: 22, y1: 21, w: 2.2 };

function svg() {
  const rules = RULES.map(([x0, y0, x1]) => `<path d="M${x0} ${y0}H${x1}"/>`).join('');
  // The sheet is cut away under the lens (a mask, since the icon cannot know the background
  // colour), and one magnified rule shows through the glass.
  const cut = LENS.r + LENS.w / 2 + 0.4;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
    'stroke="currentColor" stroke-linecap="round" stroke-linejoin="round">\n' +
    '  <mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="24" height="24">' +
    `<rect width="24" height="24" fill="#fff" stroke="none"/><circle cx="${LENS.cx}" cy="${LENS.cy}" r="${cut}" fill="#000" stroke="none"/></mask>\n` +
    `  <g mask="url(#m)" stroke-width="${SHEET.w}">` +
    `<rect x="${SHEET.x0}" y="${SHEET.y0}" width="${SHEET.x1 - SHEET.x0}" height="${SHEET.y1 - SHEET.y0}" rx="${SHEET.r}"/>${rules}</g>\n` +
    `  <circle cx="${LENS.cx}" cy="${LENS.cy}" r="${LENS.r}" stroke-width="${LENS.w}"/>\n` +
    `  <path d="M${LENS.cx - 2.2} ${LENS.cy}H${LENS.cx + 2.2}" stroke-width="${SHEET.w * 1.25}"/>\n` +
    `  <path d="M${HANDLE.x0} ${HANDLE.y0}L${HANDLE.x1} ${HANDLE.y1}" stroke-width="${HANDLE.w}"/>\n` +
    '</svg>\n'
  );
}

// --- raster -----------------------------------------------------------------------------------

function segDist(px, py, x0, y0, x1, y1) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const t = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (x0 + t * dx), py - (y0 + t * dy));
}

function roundRectDist(px, py, { x0, y0, x1, y1, r }) {
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const qx = Math.abs(px - cx) - ((x1 - x0) / 2 - r);
  const qy = Math.abs(py - cy) - ((y1 - y0) / 2 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

const BG = [14, 52, 71]; // deep teal
const INK = [236, 244, 247]; // near white
const ACCENT = [61, 220, 151]; // mint
const GLASS = [24, 78, 96];

/** Colour of one point of the 128 px icon, in the 24-unit box with a margin. */
function colourAt(u, v) {
  // Background: a rounded square filling the icon.
  if (roundRectDist(u, v, { x0: 0, y0: 0, x1: 24, y1: 24, r: 5 }) > 0) return null;
  // The glyph, scaled to leave a margin inside the square.
  const s = 0.78;
  const x = (u - 12) / s + 12;
  const y = (v - 12) / s + 12;
  const inLens = Math.hypot(x - LENS.cx, y - LENS.cy) < LENS.r;
  if (Math.abs(Math.hypot(x - LENS.cx, y - LENS.cy) - LENS.r) < LENS.w / 2) return ACCENT;
  if (segDist(x, y, HANDLE.x0, HANDLE.y0, HANDLE.x1, HANDLE.y1) < HANDLE.w / 2) return ACCENT;
  if (inLens) {
    // Under the glass the rules show magnified.
    const mx = (x - LENS.cx) / 1.6 + LENS.cx;
    const my = (y - LENS.cy) / 1.6 + LENS.cy;
    if (RULES.some(([x0, y0, x1, y1]) => segDist(mx, my, x0, y0, x1, y1) < SHEET.w / 2)) return INK;
    if (Math.abs(roundRectDist(mx, my, SHEET)) < SHEET.w / 2) return INK;
    return GLASS;
  }
  if (Math.abs(roundRectDist(x, y, SHEET)) < SHEET.w / 2) return INK;
  if (RULES.some(([x0, y0, x1, y1]) => segDist(x, y, x0, y0, x1, y1) < SHEET.w / 2)) return INK;
  return BG;
}

function raster(size) {
  const n = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = colourAt(((px + (sx + 0.5) / n) / size) * 24, ((py + (sy + 0.5) / n) / size) * 24);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a++;
        }
      }
      const o = (py * size + px) * 4;
      if (a) {
        rgba[o] = Math.round(r / a);
        rgba[o + 1] = Math.round(g / a);
        rgba[o + 2] = Math.round(b / a);
      }
      rgba[o + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size) {
  const rgba = raster(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rows[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(join(MEDIA, 'ledger-lens.svg'), svg());
writeFileSync(join(MEDIA, 'icon.png'), png(128));
console.log(`wrote ${join(MEDIA, 'ledger-lens.svg')} and ${join(MEDIA, 'icon.png')}`);
