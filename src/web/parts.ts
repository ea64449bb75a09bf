// The browser build's parts loaded on first use (build/web-build.mjs): each dist/web/<file>.js (a
// part, or a chunk parts share) holds a module factory, read through the reader the entry gives
// (the extension's own folder, on whatever file system the host serves it from) and handed to the
// module registry the startup file holds. A feature's first use waits for its part and every part
// that part may require (the registry's `needs`, written by the build), so the code's own
// `require('./<part>.js')` stays synchronous, as in Node.
// Pure (no `vscode`): the browser entry hands it the reader (src/extension.web.ts).
import { errorMessage } from '../util/errorMessage';

/** What the startup file's registry offers (build/web-build.mjs writes it). */
export interface WebRegistry {
  /** Each part's name → every part it may require, itself included. */
  readonly needs: Readonly<Record<string, readonly string[]>>;
  /** Each part's name → the files it is made of (itself, and the chunks the startup file lacks). */
  readonly files: Readonly<Record<string, readonly string[]>>;
  /** The parts the startup file's own code may require (src/app/services.ts's seams, the settings' schemas). */
  readonly startupNeeds: readonly string[];
  has(id: string): boolean;
  define(factories: Readonly<Record<string, ModuleFactory>>): void;
}

/**
 * The parts the browser entry reads while activating: what the startup code asks before any
 * feature's first use (the settings' schemas for a value that is not its default, the clients for
 * the status item's first poll, the network's inference for the editor it follows). The build's
 * test checks each is one the startup code may require.
 */
export const ACTIVATION_PARTS: readonly string[] = ['lazy-settings-schemas', 'lazy-clients', 'lazy-infer'];

export type ModuleFactory = (module: { exports: unknown }, exports: unknown, require: (id: string) => unknown) => void;

/** Reads a part's text (dist/web/<name>.js of the extension's folder). */
export type ReadPart = (name: string) => Promise<string>;

export class WebParts {
  private readonly loading = new Map<string, Promise<void>>();
  constructor(
    private readonly registry: WebRegistry,
    private readonly read: ReadPart,
  ) {}

  /**
   * Everything `feature` (a feature folder's name) needs before its first use: its part and what
   * that may require, and what the startup code's seams may require on its behalf (the ABI index,
   * the call trace's session: src/app/services.ts); nothing more when its code is in the startup file.
   */
  forFeature(feature: string): Promise<void> {
    return this.load([...(this.registry.needs[`lazy-${feature}`] ?? []), ...this.registry.startupNeeds]);
  }

  /** Loads the parts `names` (and what each needs): each file read at most once, side by side. */
  load(names: readonly string[]): Promise<void> {
    const parts = new Set(names.flatMap(n => this.registry.needs[n] ?? [n]));
    const files = new Set([...parts].flatMap(p => this.registry.files[p] ?? [p]));
    return Promise.all([...files].map(f => this.one(f))).then(() => undefined);
  }

  private one(file: string): Promise<void> {
    if (this.registry.has(`./${file}.js`)) return Promise.resolve();
    let pending = this.loading.get(file);
    if (!pending) {
      pending = this.read(file).then(text => this.registry.define(evaluatePart(file, text)));
      // A failed read is tried again by the next use, not remembered.
      pending.catch(() => this.loading.delete(file));
      this.loading.set(file, pending);
    }
    return pending.catch((error: unknown) => {
      throw new Error(`the browser build's file ${file}.js could not be loaded: ${errorMessage(error)}`);
    });
  }
}

/**
 * A part file's factories. The file is our own build's output, read from the extension's folder,
 * never workspace or network content; VS Code's web worker host evaluates extension code the same
 * way (a Function over the fetched text).
 */
export function evaluatePart(name: string, text: string): Record<string, ModuleFactory> {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- our own build's output, see above
  const make = new Function(
    `"use strict";return (${text}\n);\n//# sourceURL=ledger-lens/dist/web/${name}.js`,
  ) as () => unknown;
  const factories = make();
  if (typeof factories !== 'object' || factories === null)
    throw new Error(`${name}.js is not a part of the browser build (no module factories in it)`);
  for (const [id, f] of Object.entries(factories))
    if (typeof f !== 'function') throw new Error(`${name}.js: ${id} is not a module factory`);
  return factories as Record<string, ModuleFactory>;
}
