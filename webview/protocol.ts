// The messages between the panels and the extension, imported by both sides. One readonly
// tagged union per direction and panel. int64 values travel as decimal strings (bigint cannot be
// structured-cloned); each side converts with BigInt() at its edge. Imports nothing.

/** A bigint as it crosses the webview boundary. */
export type BigintString = string;
