// The tool paths, installing the tools on first use (test/tools/install.mjs does the work; it is
// plain ESM so `npm start` and run-all can use it before anything is compiled).
import { spawnSync } from 'child_process';
import * as path from 'path';
import { projectRoot } from '../support/paths';

export interface Tools {
  readonly dir: string;
  readonly node24: string;
  readonly codeServer: string;
  readonly chromium: string;
}

let cached: Tools | undefined;

export function ensureTools(): Tools {
  if (cached) return cached;
  const installer = path.join(projectRoot(), 'test', 'tools', 'install.mjs');
  const r = spawnSync(process.execPath, [installer, '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 30 * 60_000,
  });
  const last = (r.stdout ?? '').trim().split('\n').pop() ?? '';
  let parsed: Partial<Tools> & { error?: string };
  try {
    parsed = JSON.parse(last) as Partial<Tools> & { error?: string };
  } catch {
    throw new Error(`the tool installer failed (${r.error?.message ?? `exit ${r.status}`})`);
  }
  if (parsed.error) throw new Error(parsed.error);
  if (!parsed.dir || !parsed.node24 || !parsed.codeServer || !parsed.chromium)
    throw new Error(`the tool installer answered ${last}`);
  cached = { dir: parsed.dir, node24: parsed.node24, codeServer: parsed.codeServer, chromium: parsed.chromium };
  return cached;
}
