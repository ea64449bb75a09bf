// A tiny disposable base so panels, providers and views release everything they own.
import type * as vscode from 'vscode';

export interface IDisposable {
  dispose(): void;
}

/** Disposes every item, collecting (not throwing early on) failures. */
export function disposeAll(items: Iterable<IDisposable>): void {
  const errors: unknown[] = [];
  for (const item of items) {
    try {
      item.dispose();
    } catch (e) {
      errors.push(e);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new AggregateError(errors, 'several disposables failed');
}

export abstract class Disposable implements IDisposable {
  private readonly owned = new Set<IDisposable>();
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const items = [...this.owned];
    this.owned.clear();
    disposeAll(items.reverse());
  }

  /** Takes ownership: `value` is disposed with this object (at once if this is already disposed). */
  protected _register<T extends IDisposable>(value: T): T {
    if (this.disposed) value.dispose();
    else this.owned.add(value);
    return value;
  }
}

/** Adapts a function to a disposable. */
export function toDisposable(fn: () => void): IDisposable & vscode.Disposable {
  let done = false;
  return {
    dispose() {
      if (!done) {
        done = true;
        fn();
      }
    },
  };
}
