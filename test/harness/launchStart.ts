// Starts `npm start` (test/start.mjs) in its own process group and reads the two URLs it prints:
// the workbench and the mirror node it serves. Used by the offline and the real-mirror start checks.
import * as path from 'path';
import * as readline from 'readline';
import { spawnGroup, withTimeout, type GroupProcess } from './proc';

export interface StartUrls {
  readonly workbench: string;
  readonly mirror: string;
  /** The `Ready in …` line npm start printed before its URL (test/harness/startTiming.ts). */
  readonly ready?: string;
}

export interface LaunchedStart {
  /** The process group, for the caller's cleanup (set before any wait). */
  readonly process: GroupProcess;
  /** Both URLs once printed; rejects with the output's tail when npm start exits first. */
  readonly urls: Promise<StartUrls>;
}

export function launchStart(options: {
  readonly root: string;
  /** start.mjs arguments, e.g. ['--offline', '--no-build', '--port', '18540']. */
  readonly args: readonly string[];
  /** LEDGER_LENS_START_STATE: where start.mjs keeps its state. */
  readonly state: string;
  /** The line naming the mirror node; its first group is the URL. */
  readonly mirrorLine: RegExp;
  readonly timeoutMs: number;
  readonly label: string;
}): LaunchedStart {
  const child = spawnGroup(process.execPath, [path.join(options.root, 'test', 'start.mjs'), ...options.args], {
    cwd: options.root,
    env: { ...process.env, LEDGER_LENS_START_STATE: options.state },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.child.stderr?.setEncoding('utf8').on('data', (c: string) => (output += c));
  const lines = readline.createInterface({ input: child.child.stdout! });
  let workbench: string | undefined;
  let mirror: string | undefined;
  let ready: string | undefined;
  const urls = withTimeout(
    new Promise<StartUrls>((resolve, reject) => {
      lines.on('line', line => {
        output += line + '\n';
        workbench ??= /(http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+)/.exec(line)?.[1];
        mirror ??= options.mirrorLine.exec(line)?.[1];
        if (line.startsWith('Ready in ')) ready ??= line;
        if (workbench && mirror) resolve({ workbench, mirror, ...(ready !== undefined ? { ready } : {}) });
      });
      child.child.on('exit', code => reject(new Error(`npm start exited with ${code}:\n${output.slice(-3000)}`)));
    }),
    options.timeoutMs,
    options.label,
  );
  return { process: child, urls };
}
