// An esbuild plugin that leaves out of the extension bundle the parts of undici that src/net can
// never reach, though undici's own modules require them (issue 16, bundle ≤ 400 KB):
//  - llhttp's SIMD build (72 KB of base64 wasm): undici tries it first and, when loading it throws,
//    falls back to the plain build, which is bundled. HTTP parsing of our small JSON bodies does not
//    need SIMD.
//  - fetch's body extraction (fetch/body.js with FormData, webidl, …; ~55 KB): undici loads it only
//    to send a FormData/Blob/web-stream request body; every request of ours is a bodiless GET.
//  - the HTTP/2 client (~10 KB): used only when ALPN picks h2, which undici offers only with
//    `allowH2`, never set by src/net.
//  - the SOCKS5 proxy agent (~20 KB): only a socks5:// proxy URL uses it; src/net/proxy.ts accepts
//    http(s):// proxies only.
// Each is replaced by a module that throws a clear error if it is ever reached, so a change that
// starts needing one fails loudly. The net unit tests run the unbundled undici, so
// test/unit/net/bundle.test.ts bundles the layer with this plugin and runs it against loopback.
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

/** @type {import('esbuild').Plugin} */
export const undiciTrim = {
  name: 'undici-trim',
  setup(build) {
    for (const stub of STUBS) {
      build.onLoad({ filter: stub.filter }, args =>
        /[\\/]node_modules[\\/]undici[\\/]/.test(args.path)
          ? {
              contents: `// undici-trim: ${args.path.replace(/.*node_modules[\\/]/, '')}\n${stub.contents}`,
              loader: 'js',
            }
          : undefined,
      );
    }
  },
};
