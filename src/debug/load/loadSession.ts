// Loading a transaction for the debugger: the call trace (`/actions`, shared with the panels) and
// the opcode trace (`/opcodes`, streamed) side by side; then the step-level session when the trace
// came, else a local replay's step-level session (replayStep.ts) when the mirror node serves no
// trace now and the replay is on, else the call-level one with the reason in the Debug Console. Whether the mirror node
// serves opcode traces is found out at run time, each answer read for what it means: 501 not
// served (remembered per endpoint), 404 not served only when the transaction itself answers, 429
// later, 406 our own fault. Pure: no vscode.
import type { AbiIndex } from '../../abi/abiIndex';
import type { HttpClient } from '../../net/http';
import type { SourceIndexApi } from '../../source/api';
import type { RevertSite } from '../../source/types';
import type { ContractCodes } from '../../trace/names';
import type { WorkspaceSourceFiles } from '../../trace/session';
import type { TraceDeps } from '../../trace/store';
import type { CallTrace, TraceFrame } from '../../trace/types';
import { revertToFind } from '../../trace/revertToFind';
import type { ContractAction } from '../../mirror/schemas';
import { CallModel } from '../model/callModel';
import { buildFrames } from '../model/frames';
import type { DebugModel, Place } from '../model/model';
import { DebugProgram } from '../model/program';
import { TraceModel } from '../model/traceModel';
import { fetchOpcodeTrace, type OpcodesAnswer } from '../opcodes/fetch';
import type { OpcodeTrace, OpcodeTraceResult } from '../opcodes/types';
import type { DebugReport } from '../adapter/session';
import { frameCodes, sourceFileKey, type FrameCodes } from './frameCodes';
import { yieldNow } from '../../source/readers';
import { type OpcodesAvailability } from './availability';
import { replayLabel, replayStandsInFor, reportReplay, type ReplaySource } from './replayStep';

export interface DebugTarget {
  /** What goes in the path: `0.0.x-sss-nnn` or a hash. */
  readonly idOrHash: string;
  /** As users read it: `0.0.x@sss.nnn`, or the hash. */
  readonly label: string;
  readonly network: string;
  readonly stopOnRevert: boolean;
}

export interface DebugLoadDeps {
  readonly http: HttpClient;
  /** The network's mirror node: its base URL, its contract results. */
  readonly mirror: {
    readonly baseUrl: string;
    getContractResult(idOrHash: string, params?: undefined, opts?: { signal?: AbortSignal }): Promise<unknown>;
  };
  readonly store: {
    load(network: string, idOrHash: string, deps: TraceDeps, signal?: AbortSignal): Promise<CallTrace>;
    actionsOf(network: string, idOrHash: string): readonly ContractAction[] | undefined;
  };
  readonly traceDeps: TraceDeps;
  readonly codes: ContractCodes;
  readonly sources: SourceIndexApi;
  readonly files: WorkspaceSourceFiles | undefined;
  readonly abi: AbiIndex;
  readonly maxTraceBytes: number;
  readonly availability: OpcodesAvailability;
  /** Tells the session's keeper the exact revert site the trace gave (it replaces the inferred one). */
  readonly exactSite?: (site: RevertSite, actionIndex: number) => void;
  /** Replays the transaction locally when the mirror node serves no opcode trace (off: absent). */
  readonly replay?: ReplaySource;
}

const MEMORY_HINT =
  'Not loaded: run "Ledger Lens: Load memory" (right-click here). The mirror node then runs the whole transaction again with memory, which is slow and counts against its limit of about 1 request per second.';

/** Loads the session for `target`; rejects with an Error meant for the user. */
export async function loadDebugModel(
  target: DebugTarget,
  deps: DebugLoadDeps,
  report: DebugReport,
  signal: AbortSignal,
): Promise<DebugModel> {
  const title = `${target.label} on ${target.network}`;
  report.output(`Debugging ${title} (${deps.mirror.baseUrl})`);
  report.progress('Reading the call trace and the opcode trace');
  const callTraceP = deps.store.load(target.network, target.idOrHash, deps.traceDeps, signal);
  const opcodesP = askOpcodes(target, deps, report, signal, false);
  const [callTraceResult, opcodesResult] = await Promise.allSettled([callTraceP, opcodesP]);
  signal.throwIfAborted();
  const callTrace = callTraceResult.status === 'fulfilled' ? callTraceResult.value : undefined;
  if (callTraceResult.status === 'rejected')
    report.output(`The call trace could not be read: ${messageOf(callTraceResult.reason)}`, 'stderr');
  const answer = opcodesResult.status === 'fulfilled' ? opcodesResult.value : undefined;
  if (opcodesResult.status === 'rejected')
    report.output(`The opcode trace could not be read: ${messageOf(opcodesResult.reason)}`, 'stderr');
  const actions = deps.store.actionsOf(target.network, target.idOrHash) ?? [];
  if (answer?.kind === 'trace') {
    report.output("Source: the mirror node's opcode trace.");
    return stepLevel(title, target, answer.result.trace, actions, callTrace, deps, report, signal, {
      problems: answer.result.problems,
      source: 'network',
    });
  }
  let why = answer ? await whyNoTrace(answer, target, deps, signal) : 'the opcode trace could not be read';
  if (deps.replay && replayStandsInFor(answer)) {
    report.progress('Replaying the transaction on a local EVM');
    const replayed = await deps.replay({
      idOrHash: target.idOrHash,
      network: target.network,
      actions,
      memory: false,
      signal,
      onProgress: text => report.progress(text),
    });
    signal.throwIfAborted();
    if (replayed.kind === 'replayed') {
      reportReplay(replayed, why, report);
      const label = replayLabel(replayed);
      return stepLevel(`${title} · ${label}`, target, replayed.result.trace, actions, callTrace, deps, report, signal, {
        problems: replayed.result.problems,
        source: 'replay',
        banner: label,
      });
    }
    why = `${why}; a local replay was not possible: ${replayed.why}`;
  }
  if (!callTrace) throw new Error(`${target.label} cannot be debugged on ${target.network}: ${why}`);
  report.output(`Step-level trace: ${why}. This session steps call by call, from the call trace.`, 'important');
  const failure = callTrace.firstFailure;
  const place = failure ? await inferredPlace(failure, deps) : undefined;
  return new CallModel({
    title,
    trace: callTrace,
    stopOnRevert: target.stopOnRevert,
    placeOf: frame => (frame === failure ? place : undefined),
    why: `Breakpoints need the step-level trace: ${why}`,
  });
}

async function askOpcodes(
  target: DebugTarget,
  deps: DebugLoadDeps,
  report: DebugReport,
  signal: AbortSignal,
  memory: boolean,
): Promise<OpcodesAnswer | undefined> {
  const notServed = deps.availability.notServed(deps.mirror.baseUrl);
  if (notServed) return { kind: 'not-served', status: 501, message: notServed };
  await deps.availability.turn(deps.mirror.baseUrl, signal);
  let lastProgress = 0;
  return fetchOpcodeTrace(deps.http, deps.mirror.baseUrl, target.idOrHash, {
    stack: true,
    memory,
    storage: true,
    signal,
    maxBytes: deps.maxTraceBytes,
    onProgress: (bytes, entries) => {
      // Every chunk reports; the notification is told at most a few times a second.
      const now = Date.now();
      if (now - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = now;
      report.progress(
        `Opcode trace: ${entries.toLocaleString('en-US')} instructions (${(bytes / 1048576).toFixed(1)} MiB)`,
      );
    },
  });
}

/** The least time between two progress reports while a trace loads. */
const PROGRESS_EVERY_MS = 250;

/** What an answer that is not a trace means, in words (and what is remembered of it). */
async function whyNoTrace(
  answer: Exclude<OpcodesAnswer, { kind: 'trace' }>,
  target: DebugTarget,
  deps: DebugLoadDeps,
  signal: AbortSignal,
): Promise<string> {
  const server = answer.message ? ` (the server: ${answer.message})` : '';
  switch (answer.kind) {
    case 'not-served':
      deps.availability.remember(deps.mirror.baseUrl, answer.message);
      return `this mirror node does not serve opcode traces (501 Not Implemented)${server}`;
    case 'not-found-or-not-served': {
      const exists = await deps.mirror.getContractResult(target.idOrHash, undefined, { signal }).then(
        () => true,
        () => false,
      );
      if (!exists)
        throw new Error(
          `${target.label} was not found on ${target.network}: no contract result answers for it${server}`,
        );
      return `this mirror node answered 404 for the opcode trace of a transaction it has: it does not serve opcode traces${server}`;
    }
    case 'rate-limited':
      return `the mirror node asked to wait (429 Too Many Requests: it serves about 1 opcode trace per second); run Debug transaction again in a moment${server}`;
    case 'our-fault':
      return `the mirror node refused the request (406): Ledger Lens did not ask for gzip as it must; please report it${server}`;
    case 'too-large':
      return `the opcode trace is larger than ${Math.round(answer.limitBytes / 1048576)} MiB (ledgerLens.debug.maxTraceMb)`;
    case 'refused':
      return `the mirror node refused it (${answer.status})${server}`;
  }
}

async function stepLevel(
  title: string,
  target: DebugTarget,
  trace: OpcodeTrace,
  actions: readonly ContractAction[],
  callTrace: CallTrace | undefined,
  deps: DebugLoadDeps,
  report: DebugReport,
  signal: AbortSignal,
  from: { readonly problems: readonly string[]; readonly source: TraceSource; readonly banner?: string },
): Promise<DebugModel> {
  report.progress('Matching the frames to the workspace');
  const frames = buildFrames(trace, actions);
  const parties = frames.frames.flatMap(f =>
    f.codeParty !== undefined && !f.create ? [{ id: f.codeParty, type: 'CONTRACT' }] : [],
  );
  await deps.codes.resolve(parties, { signal });
  await deps.files?.ready();
  signal.throwIfAborted();
  const codes: FrameCodes = await frameCodes(frames, {
    codes: deps.codes,
    sources: deps.sources,
    files: deps.files,
    abi: deps.abi,
    callTrace,
    signal,
  });
  // Each build below walks the whole trace: a turn of the event loop between them keeps any one
  // stretch of the extension host's thread short.
  await yieldNow();
  const program = new DebugProgram({
    trace,
    frames,
    codes: codes.codes,
    source: (info, i) => codes.files.get(sourceFileKey(info, i)),
  });
  await yieldNow();
  signal.throwIfAborted();
  report.output(
    `Step-level trace: ${trace.length.toLocaleString('en-US')} instructions in ${frames.frames.length} frame(s):`,
  );
  for (const line of codes.lines) report.output(line);
  for (const note of [...from.problems, ...frames.notes, ...program.notes]) report.output(`  ${note}`, 'important');
  if (frames.truncated) report.output(`The opcode trace is ${frames.truncated}`, 'important');
  const failure = callTrace?.firstFailure;
  const model = new TraceModel({
    title,
    program,
    stopOnRevert: target.stopOnRevert,
    frameArgs: id => codes.args[id] ?? [],
    ...(failure && failure.result.kind !== 'none' ? { failure: failure.result.text } : {}),
    keyHints: id => keyHints(frames.frames[id]?.action),
    memoryHint: MEMORY_HINT,
    ...(from.banner ? { banner: from.banner } : {}),
  });
  memoryReloads.set(model, { target, deps, frames, source: from.source, actions });
  reportExactSite(model, program, deps, failure);
  return model;
}

/** The parties of a call as 64-hex words: mapping keys are often the caller or the contract. */
function keyHints(action: ContractAction | undefined): string[] {
  const words: string[] = [];
  for (const address of [action?.from, action?.to]) {
    if (typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address))
      words.push(address.slice(2).toLowerCase().padStart(64, '0'));
  }
  return words;
}

/** The failing frame's exact revert site (its last statement through the source map), for the panels and marks. */
function reportExactSite(
  model: TraceModel,
  program: DebugProgram,
  deps: DebugLoadDeps,
  failure: TraceFrame | undefined,
): void {
  const entry = model.revertEntry;
  const origin = program.frames.originFrame;
  if (entry === undefined || origin === undefined || !deps.exactSite) return;
  const actionIndex = program.frames.frames[origin].action?.index;
  const info = program.codeOf(origin)?.info;
  const k = program.instruction[entry];
  const location = program.location(entry);
  if (
    actionIndex === undefined ||
    actionIndex === null ||
    !info ||
    k < 0 ||
    !location ||
    location.doc.kind === 'disassembly'
  )
    return;
  const start = info.start[k];
  const length = Math.max(0, info.length[k]);
  deps.exactSite(
    {
      sourceName: location.doc.name,
      start,
      length,
      line: location.line,
      column: location.column,
      endLine: location.endLine,
      endColumn: location.endColumn,
      text: location.doc.lines.excerpt(start, length) ?? '',
      kind: failure?.index === actionIndex ? siteKindOf(failure) : 'revert-error',
    },
    actionIndex,
  );
}

/** What kind of statement reverted, from the error it raised. */
function siteKindOf(frame: TraceFrame): RevertSite['kind'] {
  if (frame.result.kind !== 'revert') return 'revert-error';
  switch (frame.result.revert.kind) {
    case 'panic':
      return 'panic';
    case 'error-string':
    case 'empty':
      return 'revert-message';
    default:
      return 'revert-error';
  }
}

/** Where a step-level trace came from: the mirror node's `/opcodes`, or a local replay. */
type TraceSource = 'network' | 'replay';

interface MemoryReload {
  readonly target: DebugTarget;
  readonly deps: DebugLoadDeps;
  readonly frames: ReturnType<typeof buildFrames>;
  readonly source: TraceSource;
  readonly actions: readonly ContractAction[];
}
const memoryReloads = new WeakMap<DebugModel, MemoryReload>();

/** Asks the trace again with memory and puts it under the session; resolves with what to say. */
export async function reloadWithMemory(model: DebugModel, report: DebugReport, signal: AbortSignal): Promise<string> {
  const reload = memoryReloads.get(model);
  if (!reload || !(model instanceof TraceModel)) throw new Error('Memory can be loaded only in a step-level session');
  const loaded = reload.source === 'replay' ? await replayWithMemory(reload, report, signal) : undefined;
  const answer = loaded ? undefined : await askOpcodes(reload.target, reload.deps, report, signal, true);
  if (!loaded && answer?.kind !== 'trace') {
    const why = answer ? await whyNoTrace(answer, reload.target, reload.deps, signal) : 'no answer';
    throw new Error(`Memory could not be loaded: ${why}`);
  }
  const result = loaded ?? (answer?.kind === 'trace' ? answer.result : undefined);
  if (!result) throw new Error('Memory could not be loaded: no answer');
  const trace = result.trace;
  if (trace.length !== reload.frames.frameOf.length)
    throw new Error(
      `Memory could not be loaded: the server ran the transaction to ${trace.length} instructions this time, not ${reload.frames.frameOf.length}`,
    );
  model.withMemory(trace);
  return `Memory loaded: ${trace.length.toLocaleString('en-US')} instructions, ${(result.bytes / 1048576).toFixed(1)} MiB${loaded ? ' (replayed locally again, with memory)' : ''}`;
}

/** A replayed session's memory: the replay run again with memory rows (its state asked again). */
async function replayWithMemory(
  reload: MemoryReload,
  report: DebugReport,
  signal: AbortSignal,
): Promise<OpcodeTraceResult> {
  if (!reload.deps.replay) throw new Error('Memory could not be loaded: the local replay is off');
  const answer = await reload.deps.replay({
    idOrHash: reload.target.idOrHash,
    network: reload.target.network,
    actions: reload.actions,
    memory: true,
    signal,
    onProgress: text => report.progress(text),
  });
  if (answer.kind !== 'replayed') throw new Error(`Memory could not be loaded: ${answer.why}`);
  return answer.result;
}

/** The failing call's inferred revert site (as the call trace finds it), as a place in the workspace. */
async function inferredPlace(frame: TraceFrame, deps: DebugLoadDeps): Promise<Place | undefined> {
  const party = frame.recipient.id ?? frame.recipient.address;
  const code = party === undefined ? undefined : deps.codes.peek(party);
  const ref = code ? deps.sources.findByCode(code) : undefined;
  const revert = revertToFind(frame.result);
  if (!ref || !revert) return undefined;
  await deps.files?.ready();
  const answer = await deps.sources.sites(ref, frame.selector, revert).catch(() => undefined);
  const site = answer?.kind === 'exact' ? answer.site : answer?.kind === 'inferred' ? answer.sites[0] : undefined;
  if (!site) return undefined;
  const file = await deps.files?.file(ref, site.sourceName);
  if (file?.path === undefined) return undefined;
  return {
    source: { name: site.sourceName, path: file.path },
    line: site.line,
    column: site.column,
    endLine: site.endLine,
    endColumn: site.endColumn,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
