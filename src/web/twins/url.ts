// What `url` is in the browser build (build/web-build.mjs maps it here): the debugger's protocol
// library (@vscode/debugadapter) takes only `URL` from it, which a browser has as a global.

export const URL = globalThis.URL;
export default { URL };
