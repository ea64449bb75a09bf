// What the debug adapter asks of a debugging session, whatever it steps through: the whole opcode
// trace (instruction by instruction, mapped to the source) or, where the server does not serve
// one, the call trace alone (call by call). The adapter only translates these to the Debug
// Adapter Protocol. Pure: no vscode, no DAP types.
import type { Stop } from './stepper';

/** A place to show: a workspace file by path, or a document the session serves by reference. */
export interface PlaceSource {
  readonly name: string;
  readonly path?: string;
  /** 1-based, for a document the session serves (`source` returns its text). */
  readonly reference?: number;
  /** Why this document is shown (compiled text of a changed file, a disassembly), for the user. */
  readonly note?: string;
}

export interface Place {
  readonly source: PlaceSource;
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
}

export interface FrameView {
  /** `Vault.withdraw`, `VaultProxy.fallback`, `MyToken.constructor`, `0.0.1003`. */
  readonly name: string;
  readonly place?: Place;
  /** The call's outcome or a note, shown as the frame's presentation hint (`reverted`). */
  readonly failed: boolean;
}

export interface VariableView {
  readonly name: string;
  readonly value: string;
  readonly type?: string;
  /** Children, computed when expanded. */
  readonly children?: () => readonly VariableView[];
  /** An expression the user can type to get it (`token`). */
  readonly evaluateName?: string;
}

export interface ScopeView {
  readonly name: string;
  /** Scopes that cost something to compute are expensive (the editor asks when expanded). */
  readonly expensive: boolean;
  readonly variables: () => readonly VariableView[];
}

export interface BreakpointAnswer {
  /** Where it is (moved to the next line with code when the line has none). */
  readonly line: number;
  readonly verified: boolean;
  readonly message?: string;
}

export interface DebugModel {
  /** The thread's name: the transaction and the network. */
  readonly title: string;
  /** Whether instruction steps and the disassembly exist (a step-level session). */
  readonly stepLevel: boolean;
  entryStop(): Stop;
  continue(): Stop;
  reverseContinue(): Stop;
  stepOver(): Stop;
  stepInto(): Stop;
  stepOut(): Stop;
  stepBack(): Stop;
  instruction(forward: boolean): Stop;
  /** Why the session stopped where it did, in words (the revert decoded, a breakpoint). */
  describe(stop: Stop): string;
  /** The frames at the current position, innermost first. */
  frames(): readonly FrameView[];
  scopes(frameIndex: number): readonly ScopeView[];
  setBreakpoints(path: string, lines: readonly number[]): readonly BreakpointAnswer[];
  /** The text of a document served by reference. */
  source(reference: number): string | undefined;
  /** A name in the source (a state variable) at the current position, for hovers and the console. */
  evaluate(expression: string, frameIndex: number): string | undefined;
}
