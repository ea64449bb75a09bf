// Drives a debug adapter as VS Code does, with the Debug Adapter Protocol's messages: requests in
// through handleMessage, responses and events out through onDidSendMessage (the adapter runs
// inline, as in the extension host). Waits have timeouts, so a missing answer fails the test.
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DebugSession } from '@vscode/debugadapter';

export class DapClient {
  private seq = 1;
  private readonly pending = new Map<number, (r: DebugProtocol.Response) => void>();
  readonly events: DebugProtocol.Event[] = [];
  private readonly waiters: { name: string; resolve: (e: DebugProtocol.Event) => void; from: number }[] = [];

  constructor(private readonly adapter: DebugSession) {
    adapter.onDidSendMessage(message => {
      const m = message as DebugProtocol.ProtocolMessage;
      if (m.type === 'response') {
        const r = m as DebugProtocol.Response;
        this.pending.get(r.request_seq)?.(r);
        this.pending.delete(r.request_seq);
      } else if (m.type === 'event') {
        const e = m as DebugProtocol.Event;
        this.events.push(e);
        for (const w of [...this.waiters]) {
          if (w.name === e.event) {
            this.waiters.splice(this.waiters.indexOf(w), 1);
            w.resolve(e);
          }
        }
      }
    });
  }

  /** Sends a request; resolves with its response (success or not). */
  request<R extends DebugProtocol.Response = DebugProtocol.Response>(
    command: string,
    args?: unknown,
    timeoutMs = 30_000,
  ): Promise<R> {
    const seq = this.seq++;
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no response to ${command} in ${timeoutMs} ms`)), timeoutMs);
      this.pending.set(seq, r => {
        clearTimeout(timer);
        resolve(r as R);
      });
      this.adapter.handleMessage({ seq, type: 'request', command, arguments: args } as DebugProtocol.Request);
    });
  }

  /** A request that must succeed: its body. */
  async ok<B>(command: string, args?: unknown): Promise<B> {
    const r = await this.request(command, args);
    if (!r.success) throw new Error(`${command} failed: ${r.message ?? ''} ${JSON.stringify(r.body ?? {})}`);
    return r.body as B;
  }

  /** The next event named `name` (sent after this call). */
  next<E extends DebugProtocol.Event>(name: string, timeoutMs = 30_000): Promise<E> {
    return new Promise<E>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${name} event in ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        name,
        from: this.events.length,
        resolve: e => {
          clearTimeout(timer);
          resolve(e as E);
        },
      });
    });
  }

  /** The Debug Console's text so far. */
  console(): string {
    return this.events
      .filter((e): e is DebugProtocol.OutputEvent => e.event === 'output')
      .map(e => e.body.output)
      .join('');
  }

  /** Sends a step request and resolves with the stopped event that follows it. */
  async step(command: string, args: Record<string, unknown> = { threadId: 1 }): Promise<DebugProtocol.StoppedEvent> {
    const stopped = this.next<DebugProtocol.StoppedEvent>('stopped');
    await this.ok(command, args);
    return stopped;
  }

  async top(): Promise<DebugProtocol.StackFrame> {
    const body = await this.ok<DebugProtocol.StackTraceResponse['body']>('stackTrace', { threadId: 1 });
    const top = body.stackFrames[0];
    if (!top) throw new Error('no stack frames');
    return top;
  }

  async frames(): Promise<DebugProtocol.StackFrame[]> {
    return (await this.ok<DebugProtocol.StackTraceResponse['body']>('stackTrace', { threadId: 1 })).stackFrames;
  }

  /** The variables of scope `name` of frame `frameId`. */
  async scope(name: string, frameId = 0): Promise<DebugProtocol.Variable[]> {
    const { scopes } = await this.ok<DebugProtocol.ScopesResponse['body']>('scopes', { frameId });
    const scope = scopes.find(s => s.name === name);
    if (!scope) throw new Error(`no scope ${name}: ${scopes.map(s => s.name).join(', ')}`);
    return (
      await this.ok<DebugProtocol.VariablesResponse['body']>('variables', {
        variablesReference: scope.variablesReference,
      })
    ).variables;
  }
}
