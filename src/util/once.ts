// A value made the first time it is asked for, then kept: a module required on first use (the
// `require('./x')` stays at the call site, where the build sees it: build/extension-build.mjs), or
// something costly to build that activation may not need.

/** `make()` on the first call, its result on every later one. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
