// What each frame of an opcode trace ran, in the workspace's terms: the code (a contract's runtime
// code from the mirror node, or a create's initcode from its action), the compiled contract it
// matches (the compiler-output index, by code as the call trace names parties), that contract's
// debug info and source files, and the call decoded with the ABIs. Pure: no vscode.
import type { AbiIndex } from '../../abi/abiIndex';
import { formatValue } from '../../abi/format';
import type { SourceIndexApi } from '../../source/api';
import type { CodeDebugInfo } from '../../source/debugTypes';
import type { WorkspaceSourceFiles } from '../../trace/session';
import type { CodeBook } from '../../trace/names';
import type { CallTrace, TraceFrame } from '../../trace/types';
import type { FrameTable } from '../model/frames';
import type { VariableView } from '../model/model';
import type { FrameCodeInput, SourceFile } from '../model/program';

export interface FrameCodes {
  readonly codes: (FrameCodeInput | undefined)[];
  readonly args: (readonly VariableView[])[];
  /** Read beforehand for the program: `${ref key}|${kind}#${file index}` → the file. */
  readonly files: Map<string, SourceFile>;
  /** What was matched to what, and what was not, for the Debug Console. */
  readonly lines: string[];
}

export interface FrameCodesDeps {
  readonly codes: CodeBook;
  readonly sources: SourceIndexApi;
  readonly files: WorkspaceSourceFiles | undefined;
  readonly abi: AbiIndex;
  /** The call trace's frames by action index (their parties already named). */
  readonly callTrace: CallTrace | undefined;
  readonly signal?: AbortSignal;
}

export function sourceFileKey(info: CodeDebugInfo, fileIndex: number): string {
  return `${info.ref.key}|${info.kind}#${fileIndex}`;
}

function framesByIndex(trace: CallTrace | undefined): Map<number, TraceFrame> {
  const out = new Map<number, TraceFrame>();
  const walk = [...(trace?.roots ?? [])];
  while (walk.length > 0) {
    const frame = walk.pop() as TraceFrame;
    out.set(frame.index, frame);
    walk.push(...frame.children);
  }
  return out;
}

/** The code, compiled contract, names and arguments of every frame. */
export async function frameCodes(table: FrameTable, deps: FrameCodesDeps): Promise<FrameCodes> {
  const byIndex = framesByIndex(deps.callTrace);
  const out: FrameCodes = { codes: [], args: [], files: new Map(), lines: [] };
  const infos = new Map<string, Promise<CodeDebugInfo | undefined>>();
  for (const frame of table.frames) {
    deps.signal?.throwIfAborted();
    const action = frame.action;
    const named = action?.index !== undefined && action.index !== null ? byIndex.get(action.index) : undefined;
    const input = action?.input ?? undefined;
    const code = frame.create
      ? input
      : frame.codeParty !== undefined
        ? (deps.codes.peek(frame.codeParty) ?? undefined)
        : undefined;
    let info: CodeDebugInfo | undefined;
    let problem: string | undefined;
    if (code) {
      const ref = frame.create ? deps.sources.findByCreationCode?.(code)?.ref : deps.sources.findByCode(code);
      if (ref && deps.sources.debugInfo) {
        const kind = frame.create ? 'creation' : 'deployed';
        const key = `${ref.key}|${kind}`;
        let pending = infos.get(key);
        if (!pending) infos.set(key, (pending = deps.sources.debugInfo(ref, kind)));
        info = await pending;
        if (!info) problem = `${ref.contractName}: the compiler output has no source map for its ${kind} code`;
      } else if (!ref) problem = 'no compiler output in the workspace has this code';
    } else problem = frame.codeParty === undefined ? 'the contract that ran is not known' : 'its code is not known';
    const contractName = info?.ref.contractName ?? named?.recipient.label ?? frame.codeParty ?? `frame ${frame.id}`;
    const call = !frame.create && input ? decodeFor(deps.abi, input, contractName) : undefined;
    out.codes.push({
      ...(code ? { code } : {}),
      contractName,
      ...(frame.create ? { functionName: 'constructor' } : call?.name ? { functionName: call.name } : {}),
      ...(info ? { info } : {}),
    });
    out.args.push(call?.args ?? []);
    const where = info ? `${info.ref.sourceName} (${info.ref.origin.file})` : `disassembly: ${problem ?? 'no source'}`;
    out.lines.push(
      `  ${'  '.repeat(frame.level)}${contractName}${frame.create ? ' (constructor)' : ''} · ${frame.operation} · ${where}`,
    );
    for (const p of info?.problems ?? []) out.lines.push(`    ${p}`);
    const drift = info && code ? metadataDrift(code, info) : undefined;
    if (drift) out.lines.push(`    ${drift}`);
  }
  await readSources(out, [...infos.values()], deps);
  return out;
}

/**
 * What a different CBOR metadata at the end of the code that ran means: the same instructions
 * compiled from sources whose hash differs (another compile: a comment, a path), so the source map
 * fits the code but the file may not be the one that was deployed.
 */
function metadataDrift(code: string, info: CodeDebugInfo): string | undefined {
  if (info.kind !== 'deployed' || info.metadata === undefined) return undefined;
  const onChain = code.replace(/^0x/i, '').toLowerCase();
  if (onChain.endsWith(info.metadata)) return undefined;
  return `${info.ref.contractName}: the deployed code's metadata differs from ${info.ref.origin.file}'s (the same instructions from another compile): the source shown may not be exactly what was deployed`;
}

/** The function called, when the frame's own contract's ABI has it (else the code ran its fallback). */
function decodeFor(abi: AbiIndex, input: string, contractName: string): { name?: string; args: VariableView[] } {
  if (input.length < 10) return { args: [] };
  const answer = abi.decodeCall(input);
  if (answer.kind !== 'call') return { args: [] };
  const own =
    answer.candidates.find(c => c.contract === contractName) ??
    (answer.candidates.length === 1 ? answer.candidates[0] : undefined);
  if (!own) return { args: [] };
  const args = own.args.map((arg, i) => ({
    name: arg.name || `arg${i}`,
    value: formatValue(arg.value, { maxChars: 200 }),
    type: arg.type,
  }));
  return own.contract === contractName
    ? { name: own.name, args }
    : { args: [{ name: 'calldata', value: `${own.signature} (${own.contract}'s ABI)` }, ...args] };
}

async function readSources(
  out: FrameCodes,
  pending: Promise<CodeDebugInfo | undefined>[],
  deps: FrameCodesDeps,
): Promise<void> {
  const infos = (await Promise.all(pending)).filter((i): i is CodeDebugInfo => i !== undefined);
  const reads: Promise<void>[] = [];
  for (const info of infos) {
    const used = new Set<number>();
    for (let k = 0; k < info.fileIndex.length; k++) {
      const f = info.fileIndex[k];
      if (f >= 0 && f < info.userSources) used.add(f);
    }
    for (const fileIndex of used) {
      const source = info.sources.find(s => s.id === fileIndex);
      if (!source) continue;
      reads.push(
        (async () => {
          const file = deps.files ? await deps.files.file(info.ref, source.name) : undefined;
          const text = file?.text ?? source.content;
          if (text === undefined) return;
          out.files.set(sourceFileKey(info, fileIndex), {
            name: source.name,
            text,
            ...(file?.path !== undefined ? { path: file.path } : {}),
            ...(file?.drift !== undefined
              ? { drift: file.drift }
              : !file
                ? { drift: `${source.name} is not in the workspace: the compiled text is shown` }
                : {}),
          });
          if (file?.drift) out.lines.push(`  ${file.drift}`);
        })(),
      );
    }
  }
  await Promise.all(reads);
}
