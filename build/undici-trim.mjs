// An esbuild plugin that keeps undici's share of the extension bundle small (bundle
// ≤ 400 KB). src/net/undici.ts already imports only the agent, the env proxy agent and the request
// API; undici's own modules still require more than those need:
//  - llhttp's SIMD build (72 KB of base64 wasm): undici tries it first and, when loading it throws,
//    falls back to the plain build. Parsing our small JSON answers does not need SIMD.
//  - fetch's body extraction (fetch/body.js with FormData, webidl, …; ~55 KB): undici loads it only
//    to send a FormData/Blob/web-stream request body; every request of ours is a bodiless GET.
//  - the HTTP/2 client (~10 KB): used only when ALPN picks h2, which undici offers only with
//    `allowH2`, never set by src/net.
//  - the SOCKS5 proxy agent (~20 KB): only a socks5:// proxy URL uses it; src/net/proxy.ts accepts
//    http(s):// proxies only.
// Each is replaced by a module that throws a clear error if it is ever reached, so a change that
// starts needing one fails loudly. And the plain llhttp build (54 KB of wasm, 72 KB as base64) is
// kept brotli-compressed (20 KB as base64), decompressed once when the first connection opens; the
// build checks the round trip. The net unit tests run the unbundled undici, so
// test/unit/net/bundle.test.ts bundles the layer with this plugin and runs it against loopback.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

const STUBS = [
  {
    filter: /llhttp[\\/]llhttp_simd-wasm\.js$/,
    contents: "throw new Error('llhttp SIMD is not bundled; undici falls back to the plain build');",
  },
  {
    filter: /web[\\/]fetch[\\/]body\.js$/,
    contents:
      "module.exports.extractBody = () => { throw new Error('Ledger Lens bundles no undici fetch body: requests carry no body'); };",
  },
  {
    filter: /dispatcher[\\/]socks5-proxy-agent\.js$/,
    contents:
      "module.exports = class Socks5ProxyAgent { constructor() { throw new Error('SOCKS5 proxies are not supported by Ledger Lens'); } };",
  },
  {
    filter: /dispatcher[\\/]client-h2\.js$/,
    contents: "module.exports = () => { throw new Error('HTTP/2 is not bundled: Ledger Lens never sets allowH2'); };",
  },
];

const UNDICI = /[\\/]node_modules[\\/]undici[\\/]/;

/** llhttp-wasm.js with its wasm brotli-compressed; the module still exports the wasm bytes. */
function compressedLlhttp(path) {
  const source = readFileSync(path, 'utf8');
  const m = /const wasmBase64 = '([A-Za-z0-9+/=]+)'/.exec(source);
  if (!m) throw new Error(`undici-trim: no wasmBase64 in ${path} (undici changed: update build/undici-trim.mjs)`);
  const wasm = Buffer.from(m[1], 'base64');
  const packed = brotliCompressSync(wasm, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: wasm.length },
  });
  if (!brotliDecompressSync(packed).equals(wasm)) throw new Error('undici-trim: llhttp wasm round trip failed');
  return [
    "'use strict'",
    "const { Buffer } = require('node:buffer')",
    "const { brotliDecompressSync } = require('node:zlib')",
    `const packed = '${packed.toString('base64')}'`,
    'let wasm',
    "Object.defineProperty(module, 'exports', { get: () => wasm ?? (wasm = brotliDecompressSync(Buffer.from(packed, 'base64'))) })",
  ].join('\n');
}

/** @type {import('esbuild').Plugin} */
export const undiciTrim = {
  name: 'undici-trim',
  setup(build) {
    for (const stub of STUBS) {
      build.onLoad({ filter: stub.filter }, args =>
        UNDICI.test(args.path)
          ? {
              contents: `// undici-trim: ${args.path.replace(/.*node_modules[\\/]/, '')}\n${stub.contents}`,
              loader: 'js',
            }
          : undefined,
      );
    }
    build.onLoad({ filter: /llhttp[\\/]llhttp-wasm\.js$/ }, args =>
      UNDICI.test(args.path) ? { contents: compressedLlhttp(args.path), loader: 'js' } : undefined,
    );
  },
};
