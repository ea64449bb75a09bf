// A `vscode` stand-in for loading a built extension file outside VS Code (the shipping tests):
// every property is a callable, constructible object, so top-level code runs.

export function fakeVscode(): unknown {
  const make = (): unknown => {
    const cache = new Map<PropertyKey, unknown>();
    const target = function () {
      return undefined;
    };
    return new Proxy(target, {
      get: (_t, p) => {
        if (p === 'then' || typeof p === 'symbol') return undefined;
        if (!cache.has(p)) cache.set(p, make());
        return cache.get(p);
      },
      apply: () => make(),
      construct: () => make() as object,
    });
  };
  return make();
}
