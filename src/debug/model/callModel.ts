// The call-level session, for when the mirror node does not serve the opcode trace: the call trace
// (`/actions`) alone, one stop per call, each showing its decoded input, output or revert, and the
// failing call at its inferred revert site. Steps move call by call; there are no instructions.
import type { CallTrace, TraceFrame } from '../../trace/types';
import type { BreakpointAnswer, DebugModel, FrameView, Place, ScopeView, VariableView } from './model';
import type { Stop } from './stepper';

export interface CallModelInputs {
  readonly title: string;
  readonly trace: CallTrace;
  readonly stopOnRevert: boolean;
  /** Where a call is in the source, when known (the failing one at its inferred site). */
  readonly placeOf: (frame: TraceFrame) => Place | undefined;
  /** Why there are no instruction steps, in words (shown in breakpoints' messages). */
  readonly why: string;
}

export class CallModel implements DebugModel {
  readonly stepLevel = false;
  readonly title: string;
  private readonly calls: TraceFrame[] = [];
  private readonly parents: number[] = [];
  private position = 0;
  private readonly failureAt: number;

  constructor(private readonly inputs: CallModelInputs) {
    this.title = inputs.title;
    const walk: { frame: TraceFrame; parent: number }[] = [...inputs.trace.roots]
      .reverse()
      .map(frame => ({ frame, parent: -1 }));
    while (walk.length > 0) {
      const { frame, parent } = walk.pop() as { frame: TraceFrame; parent: number };
      const index = this.calls.length;
      this.calls.push(frame);
      this.parents.push(parent);
      for (let i = frame.children.length - 1; i >= 0; i--) walk.push({ frame: frame.children[i], parent: index });
    }
    const failure = inputs.trace.firstFailure;
    this.failureAt = failure ? this.calls.indexOf(failure) : -1;
  }

  entryStop(): Stop {
    return this.at(0, 'entry');
  }
  continue(): Stop {
    if (this.inputs.stopOnRevert && this.failureAt > this.position) return this.at(this.failureAt, 'revert');
    return this.at(Math.max(0, this.calls.length - 1), 'end');
  }
  reverseContinue(): Stop {
    return this.at(0, 'start');
  }
  stepOver(): Stop {
    const level = this.level(this.position);
    return this.forward(i => this.level(i) <= level);
  }
  stepInto(): Stop {
    return this.forward(() => true);
  }
  stepOut(): Stop {
    const level = this.level(this.position);
    return this.forward(i => this.level(i) < level);
  }
  stepBack(): Stop {
    const level = this.level(this.position);
    for (let i = this.position - 1; i >= 0; i--) if (this.level(i) <= level) return this.at(i, 'step');
    return this.at(0, 'start');
  }
  instruction(forward: boolean): Stop {
    return forward ? this.stepInto() : this.at(Math.max(0, this.position - 1), this.position > 0 ? 'step' : 'start');
  }

  describe(stop: Stop): string {
    const frame = this.calls[stop.entry];
    if (!frame) return 'No calls';
    const what = `${frame.recipient.label}${frame.call ? ` · ${frame.call}` : ''}`;
    if (stop.reason === 'revert')
      return `Reverted: ${frame.result.kind !== 'none' ? frame.result.text : 'no reason'} (${what})`;
    return `Call ${stop.entry + 1} of ${this.calls.length}: ${what}`;
  }

  frames(): readonly FrameView[] {
    const out: FrameView[] = [];
    for (let i = this.position; i >= 0 && out.length < 1100; i = this.parents[i]) {
      const frame = this.calls[i];
      if (!frame) break;
      const place = this.inputs.placeOf(frame);
      out.push({
        name: `${frame.recipient.label}.${functionName(frame)}`,
        ...(place ? { place } : {}),
        failed: frame.failed,
      });
    }
    return out;
  }

  scopes(frameIndex: number): readonly ScopeView[] {
    let i = this.position;
    for (let k = 0; k < frameIndex && i >= 0; k++) i = this.parents[i];
    const frame = this.calls[i];
    if (!frame) return [];
    return [{ name: 'Call', expensive: false, variables: () => callVariables(frame) }];
  }

  setBreakpoints(_path: string, lines: readonly number[]): readonly BreakpointAnswer[] {
    return lines.map(line => ({ line, verified: false, message: this.inputs.why }));
  }

  source(): string | undefined {
    return undefined;
  }

  evaluate(): string | undefined {
    return undefined;
  }

  private level(i: number): number {
    return this.calls[i]?.level ?? 0;
  }

  private forward(fits: (i: number) => boolean): Stop {
    for (let i = this.position + 1; i < this.calls.length; i++) {
      if (this.inputs.stopOnRevert && i === this.failureAt) return this.at(i, 'revert');
      if (fits(i)) return this.at(i, 'step');
    }
    return this.at(Math.max(0, this.calls.length - 1), 'end');
  }

  private at(entry: number, reason: Stop['reason']): Stop {
    this.position = entry;
    return { entry, reason };
  }
}

function functionName(frame: TraceFrame): string {
  const call = frame.call;
  if (frame.operation.startsWith('CREATE')) return 'constructor';
  const paren = call?.indexOf('(') ?? -1;
  return call && paren > 0 && !call.startsWith('0x') ? call.slice(0, paren) : (frame.selector ?? 'fallback');
}

function callVariables(frame: TraceFrame): readonly VariableView[] {
  const out: VariableView[] = [
    { name: 'call', value: frame.call ?? '(no input)' },
    { name: 'operation', value: `${frame.operation} (${frame.callType})` },
    { name: 'caller', value: frame.caller.label },
    { name: 'recipient', value: frame.recipient.label },
    { name: 'value', value: `${frame.valueTinybar} tinybar` },
    { name: 'gas', value: `${frame.gas} (used ${frame.gasUsed})` },
  ];
  if (frame.result.kind !== 'none')
    out.push({ name: frame.result.kind === 'output' ? 'output' : frame.result.kind, value: frame.result.text });
  for (const note of frame.notes) out.push({ name: 'note', value: note });
  return out;
}
