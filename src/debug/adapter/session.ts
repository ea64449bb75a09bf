// The debug adapter of debug type `ledger-lens`: the Debug Adapter Protocol spoken over a recorded
// transaction. It runs inline in the extension host (no process of its own); the host gives it the
// loading (network, workspace) through LedgerLensDebugHost, and everything it shows comes from a
// DebugModel. A failure in any request answers that request with an error in words: nothing is
// thrown into the extension host.
import {
  DebugSession,
  InitializedEvent,
  OutputEvent,
  ProgressEndEvent,
  ProgressStartEvent,
  ProgressUpdateEvent,
  Source,
  StackFrame,
  StoppedEvent,
  TerminatedEvent,
  Thread,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DebugModel, Place, VariableView } from '../model/model';
import type { Stop } from '../model/stepper';
import { parseLaunchArguments, type LaunchArguments } from './launchArguments';

export interface DebugReport {
  /** A line for the Debug Console. */
  output(text: string, category?: 'console' | 'important' | 'stderr'): void;
  /** What loading is doing now (shown in the progress notification). */
  progress(text: string): void;
}

export interface LedgerLensDebugHost {
  /** The session's model (step level, else call level). Rejects with an Error meant for the user. */
  load(args: LaunchArguments, report: DebugReport, signal: AbortSignal): Promise<DebugModel>;
  /** Asks the trace again with memory; resolves with what to tell the user. */
  loadMemory?(model: DebugModel, report: DebugReport, signal: AbortSignal): Promise<string>;
}

const THREAD_ID = 1;
const MAX_VARIABLES = 2_000;

export class LedgerLensDebugSession extends DebugSession {
  private model: DebugModel | undefined;
  private readonly lifetime = new AbortController();
  private progressId: string | undefined;
  /** The work the progress notification shows; its Cancel button aborts it. */
  private work: AbortController | undefined;
  private progressSupported = false;
  /** Set once the editor ended the session: late work (a load, Load memory) sends nothing more. */
  private ended = false;
  /** Whether Load memory is under way (one at a time: it has the progress notification). */
  private loadingMemory = false;
  private launchArgs: LaunchArguments | undefined;
  private readonly handles = new Map<number, () => readonly VariableView[]>();
  private nextHandle = 1;

  constructor(private readonly host: LedgerLensDebugHost) {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
  }

  /** Every request answered; a throw becomes that request's error, in words. */
  protected override dispatchRequest(request: DebugProtocol.Request): void {
    try {
      super.dispatchRequest(request);
    } catch (error) {
      const response: DebugProtocol.Response = {
        seq: 0,
        type: 'response',
        request_seq: request.seq,
        command: request.command,
        success: false,
      };
      this.sendErrorResponse(response, { id: 1, format: messageOf(error), showUser: false });
    }
  }

  protected override initializeRequest(
    response: DebugProtocol.InitializeResponse,
    args: DebugProtocol.InitializeRequestArguments,
  ): void {
    this.progressSupported = args.supportsProgressReporting === true;
    response.body = {
      supportsConfigurationDoneRequest: true,
      supportsStepBack: true,
      supportsEvaluateForHovers: true,
      supportsSteppingGranularity: true,
      supportsCancelRequest: true,
      supportsTerminateRequest: true,
    };
    this.sendResponse(response);
  }

  protected override launchRequest(
    response: DebugProtocol.LaunchResponse,
    raw: DebugProtocol.LaunchRequestArguments,
  ): void {
    const args = parseLaunchArguments(raw);
    if (typeof args === 'string') {
      this.sendErrorResponse(response, { id: 2, format: args, showUser: true });
      return;
    }
    this.launchArgs = args;
    void this.load(response, args);
  }

  private async load(response: DebugProtocol.LaunchResponse, args: LaunchArguments): Promise<void> {
    const signal = this.startProgress(`Loading ${args.transaction}`);
    try {
      this.model = await this.host.load(args, this.report, signal);
      this.endProgress();
      this.sendResponse(response);
      this.sendEvent(new InitializedEvent());
    } catch (error) {
      this.endProgress();
      const message = messageOf(error);
      this.output(message, 'stderr');
      this.sendErrorResponse(response, { id: 3, format: message, showUser: !signal.aborted });
      this.sendEvent(new TerminatedEvent());
    }
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.sendResponse(response);
    const model = this.model;
    if (!model) return;
    const stop = this.launchArgs?.stopOnEntry === false ? model.continue() : model.entryStop();
    this.stopped(stop);
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    response.body = { threads: [new Thread(THREAD_ID, this.model?.title ?? 'Transaction')] };
    this.sendResponse(response);
  }

  protected override stackTraceRequest(
    response: DebugProtocol.StackTraceResponse,
    args: DebugProtocol.StackTraceArguments,
  ): void {
    const frames = this.model?.frames() ?? [];
    const start = args.startFrame ?? 0;
    const count = args.levels && args.levels > 0 ? args.levels : frames.length;
    const stackFrames = frames.slice(start, start + count).map((frame, i) => {
      const out = new StackFrame(start + i, frame.name, frame.place ? this.sourceOf(frame.place) : undefined);
      // A frame with no place (a call-level session's calls but the failing one) stays a normal
      // frame: the editor focuses the top one and shows its Variables.
      if (frame.place) this.placeFrame(out, frame.place);
      return out;
    });
    response.body = { stackFrames, totalFrames: frames.length };
    this.sendResponse(response);
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    const scopes = this.model?.scopes(args.frameId) ?? [];
    response.body = {
      scopes: scopes.map(scope => ({
        name: scope.name,
        variablesReference: this.handle(scope.variables),
        expensive: scope.expensive,
      })),
    };
    this.sendResponse(response);
  }

  protected override variablesRequest(
    response: DebugProtocol.VariablesResponse,
    args: DebugProtocol.VariablesArguments,
  ): void {
    const thunk = this.handles.get(args.variablesReference);
    const views = thunk ? thunk().slice(0, MAX_VARIABLES) : [];
    response.body = {
      variables: views.map(view => ({
        name: view.name,
        value: view.value,
        ...(view.type !== undefined ? { type: view.type } : {}),
        ...(view.evaluateName !== undefined ? { evaluateName: view.evaluateName } : {}),
        variablesReference: view.children ? this.handle(view.children) : 0,
      })),
    };
    this.sendResponse(response);
  }

  protected override setBreakPointsRequest(
    response: DebugProtocol.SetBreakpointsResponse,
    args: DebugProtocol.SetBreakpointsArguments,
  ): void {
    const path = args.source.path;
    const lines = (args.breakpoints ?? []).map(b => this.convertClientLineToDebugger(b.line));
    const answers = this.model && path !== undefined ? this.model.setBreakpoints(path, lines) : [];
    response.body = {
      breakpoints: lines.map((line, i) => {
        const answer = answers[i];
        return {
          verified: answer?.verified ?? false,
          line: this.convertDebuggerLineToClient(answer?.line ?? line),
          ...(answer?.message !== undefined ? { message: answer.message } : {}),
        };
      }),
    };
    this.sendResponse(response);
  }

  protected override continueRequest(response: DebugProtocol.ContinueResponse): void {
    this.move(response, m => m.continue());
  }
  protected override reverseContinueRequest(response: DebugProtocol.ReverseContinueResponse): void {
    this.move(response, m => m.reverseContinue());
  }
  protected override nextRequest(response: DebugProtocol.NextResponse, args: DebugProtocol.NextArguments): void {
    this.move(response, m => (args.granularity === 'instruction' ? m.instruction(true) : m.stepOver()));
  }
  protected override stepInRequest(response: DebugProtocol.StepInResponse, args: DebugProtocol.StepInArguments): void {
    this.move(response, m => (args.granularity === 'instruction' ? m.instruction(true) : m.stepInto()));
  }
  protected override stepOutRequest(response: DebugProtocol.StepOutResponse): void {
    this.move(response, m => m.stepOut());
  }
  protected override stepBackRequest(
    response: DebugProtocol.StepBackResponse,
    args: DebugProtocol.StepBackArguments,
  ): void {
    this.move(response, m => (args.granularity === 'instruction' ? m.instruction(false) : m.stepBack()));
  }
  protected override pauseRequest(response: DebugProtocol.PauseResponse): void {
    // A recorded trace never runs on its own: it is always stopped.
    this.sendResponse(response);
  }

  protected override sourceRequest(response: DebugProtocol.SourceResponse, args: DebugProtocol.SourceArguments): void {
    const reference = args.source?.sourceReference ?? args.sourceReference;
    const content = this.model?.source(reference);
    if (content === undefined) {
      this.sendErrorResponse(response, { id: 4, format: 'This document is not part of the session', showUser: false });
      return;
    }
    response.body = { content, mimeType: 'text/plain' };
    this.sendResponse(response);
  }

  protected override evaluateRequest(
    response: DebugProtocol.EvaluateResponse,
    args: DebugProtocol.EvaluateArguments,
  ): void {
    const value = this.model?.evaluate(args.expression, args.frameId ?? 0);
    if (value === undefined) {
      const message =
        args.context === 'hover'
          ? 'not a state variable written so far'
          : `${args.expression.slice(0, 80)}: not a state variable written so far in this frame`;
      this.sendErrorResponse(response, { id: 5, format: message, showUser: false });
      return;
    }
    response.body = { result: value, variablesReference: 0 };
    this.sendResponse(response);
  }

  protected override cancelRequest(response: DebugProtocol.CancelResponse, args: DebugProtocol.CancelArguments): void {
    if (args.progressId !== undefined && args.progressId === this.progressId) this.work?.abort();
    this.sendResponse(response);
  }

  protected override disconnectRequest(response: DebugProtocol.DisconnectResponse): void {
    this.lifetime.abort();
    this.sendResponse(response);
    this.ended = true;
  }

  protected override terminateRequest(response: DebugProtocol.TerminateResponse): void {
    this.lifetime.abort();
    this.sendResponse(response);
    this.sendEvent(new TerminatedEvent());
    this.ended = true;
  }

  /** Nothing goes out once the session ended (the editor no longer listens: a late message is noise). */
  override sendEvent(event: DebugProtocol.Event): void {
    if (!this.ended) super.sendEvent(event);
  }

  override sendResponse(response: DebugProtocol.Response): void {
    if (!this.ended) super.sendResponse(response);
  }

  protected override customRequest(command: string, response: DebugProtocol.Response): void {
    if (command !== 'loadMemory' || !this.host.loadMemory || !this.model?.stepLevel) {
      this.sendErrorResponse(response, {
        id: 6,
        format: 'Memory can be loaded only in a step-level session',
        showUser: true,
      });
      return;
    }
    if (this.loadingMemory) {
      this.sendErrorResponse(response, { id: 9, format: 'Memory is loading already', showUser: true });
      return;
    }
    const model = this.model;
    this.loadingMemory = true;
    const signal = this.startProgress('Loading memory: the mirror node executes the transaction again');
    void this.host
      .loadMemory(model, this.report, signal)
      .then(text => {
        this.endProgress();
        this.output(text);
        this.sendResponse(response);
        this.sendEvent({ seq: 0, type: 'event', event: 'invalidated', body: { areas: ['variables'] } });
      })
      .catch((error: unknown) => {
        this.endProgress();
        if (signal.aborted) {
          // Cancelled from the notification: what the user asked for, not an error to show.
          this.output('Load memory cancelled: the session goes on without memory');
          this.sendResponse(response);
          return;
        }
        this.sendErrorResponse(response, { id: 7, format: messageOf(error), showUser: true });
      })
      .finally(() => (this.loadingMemory = false));
  }

  /** Ends loading under way (the editor closed the session). */
  override dispose(): void {
    this.lifetime.abort();
    this.ended = true;
    super.dispose();
  }

  private readonly report: DebugReport = {
    output: (text, category) => this.output(text, category),
    progress: text => {
      if (this.progressId) this.sendEvent(new ProgressUpdateEvent(this.progressId, text));
    },
  };

  private move(response: DebugProtocol.Response, step: (model: DebugModel) => Stop): void {
    const model = this.model;
    if (!model) {
      this.sendErrorResponse(response, { id: 8, format: 'The transaction is not loaded', showUser: false });
      return;
    }
    const stop = step(model);
    this.sendResponse(response);
    this.stopped(stop);
  }

  private stopped(stop: Stop): void {
    const model = this.model;
    if (!model) return;
    this.handles.clear();
    const text = model.describe(stop);
    const reason =
      stop.reason === 'revert'
        ? 'exception'
        : stop.reason === 'breakpoint'
          ? 'breakpoint'
          : stop.reason === 'entry'
            ? 'entry'
            : 'step';
    const event: DebugProtocol.StoppedEvent = new StoppedEvent(reason, THREAD_ID, text);
    event.body.description = text;
    this.sendEvent(event);
    if (stop.reason === 'revert' || stop.reason === 'end') this.output(text);
  }

  private output(text: string, category: 'console' | 'important' | 'stderr' = 'console'): void {
    this.sendEvent(new OutputEvent(`${text}\n`, category));
  }

  private sourceOf(place: Place): Source {
    const { source } = place;
    const out = new Source(
      source.name,
      source.path !== undefined ? this.convertDebuggerPathToClient(source.path) : undefined,
      source.reference,
    );
    if (source.note !== undefined) (out as DebugProtocol.Source).origin = source.note;
    if (source.reference !== undefined) (out as DebugProtocol.Source).presentationHint = 'deemphasize';
    return out;
  }

  private placeFrame(frame: StackFrame, place: Place): void {
    frame.line = this.convertDebuggerLineToClient(place.line);
    frame.column = this.convertDebuggerColumnToClient(place.column);
    if (place.endLine !== undefined) frame.endLine = this.convertDebuggerLineToClient(place.endLine);
    if (place.endColumn !== undefined) frame.endColumn = this.convertDebuggerColumnToClient(place.endColumn);
  }

  private handle(thunk: () => readonly VariableView[]): number {
    const id = this.nextHandle++;
    this.handles.set(id, thunk);
    return id;
  }

  /** Starts a piece of work with its progress notification; the signal ends with it or the session. */
  private startProgress(title: string): AbortSignal {
    this.endProgress();
    this.work = new AbortController();
    const signal = AbortSignal.any([this.lifetime.signal, this.work.signal]);
    if (!this.progressSupported) return signal;
    this.progressId = `ledger-lens-${this.nextHandle++}`;
    const event: DebugProtocol.ProgressStartEvent = new ProgressStartEvent(this.progressId, title);
    event.body.cancellable = true;
    this.sendEvent(event);
    return signal;
  }

  private endProgress(): void {
    if (!this.progressId) return;
    this.sendEvent(new ProgressEndEvent(this.progressId));
    this.progressId = undefined;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
