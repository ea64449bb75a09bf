// What `events` is in the browser build (build/web-build.mjs maps it here): the debugger's protocol
// library (@vscode/debugadapter) extends Node's EventEmitter and calls emit/on on it. This is the
// part of that API it and our adapter use: listeners by name, in order, `once`, removal.

type Listener = (...args: unknown[]) => void;

export class EventEmitter {
  private readonly listeners = new Map<string | symbol, Listener[]>();

  on(name: string | symbol, listener: Listener): this {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }

  addListener(name: string | symbol, listener: Listener): this {
    return this.on(name, listener);
  }

  once(name: string | symbol, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(name, wrapped);
      listener(...args);
    };
    return this.on(name, wrapped);
  }

  off(name: string | symbol, listener: Listener): this {
    const list = this.listeners.get(name) ?? [];
    const at = list.lastIndexOf(listener);
    if (at >= 0) this.listeners.set(name, [...list.slice(0, at), ...list.slice(at + 1)]);
    return this;
  }

  removeListener(name: string | symbol, listener: Listener): this {
    return this.off(name, listener);
  }

  removeAllListeners(name?: string | symbol): this {
    if (name === undefined) this.listeners.clear();
    else this.listeners.delete(name);
    return this;
  }

  emit(name: string | symbol, ...args: unknown[]): boolean {
    const list = this.listeners.get(name);
    if (!list?.length) return false;
    for (const listener of list) listener(...args);
    return true;
  }

  listenerCount(name: string | symbol): number {
    return this.listeners.get(name)?.length ?? 0;
  }
}

export default { EventEmitter };
