// The debugger's reading of the workspace's sources: a compiled source's file found as the revert
// site finds it (SourceLocator), its text read now, and the compiled text instead when the file
// changed since the compile (or is not in the workspace), said in words.
import * as vscode from 'vscode';
import type { SourceIndexApi } from '../../source/api';
import type { CompiledContractRef } from '../../source/types';
import type { SourceFileAnswer, WorkspaceSourceFiles } from '../../trace/session';
import { compareWithCompiled } from './drift';
import type { Keccak, SourceLocator } from './locate';

/** A source file larger than this is not read for the debugger (solc's sources are far smaller). */
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

export function workspaceSourceFiles(
  locator: SourceLocator,
  index: () => SourceIndexApi,
  ready: () => Promise<void>,
  keccak: Keccak,
): WorkspaceSourceFiles {
  return {
    ready,
    async file(ref: CompiledContractRef, sourceName: string): Promise<SourceFileAnswer | undefined> {
      const uri = await locator.fileOf(ref, sourceName);
      const compiled = () => index().compiledText(ref, sourceName);
      if (!uri) {
        const text = await compiled();
        return text === undefined
          ? undefined
          : { text, drift: `${sourceName} is not in the workspace: the text it was compiled from is shown` };
      }
      const open = vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString());
      const text = open ? open.getText() : await readText(uri);
      if (text === undefined) return undefined;
      const drift = compareWithCompiled(text, await locator.evidence(ref, sourceName), keccak);
      if (drift.kind !== 'changed') return { path: uri.fsPath, text };
      const then = await compiled();
      if (then === undefined)
        return { path: uri.fsPath, text, drift: `${sourceName} changed since it was compiled: lines may not match` };
      return { text: then, drift: `${sourceName} changed since it was compiled: the compiled text is shown` };
    },
  };
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_SOURCE_BYTES) return undefined;
    return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
