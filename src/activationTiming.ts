// How long the extension took to load and activate, for the log and the integration suite
// (exports.activation): wall-clock and CPU time, with a step per service and feature mounted.
import type { ActivationTiming, FeatureLog } from './features/context';
import { nodeProcess } from './util/platform';

// Set by the first statement of dist/extension.js (esbuild.mjs's banner); absent outside the bundle.
declare const __ledgerLensLoadStart: number | undefined;
declare const __ledgerLensLoadCpu: NodeJS.CpuUsage | undefined;

export interface BundleLoad {
  readonly loadMs: number | undefined;
  readonly loadCpuMs: number | undefined;
}

/** Called once every import of the startup file has been evaluated: the bundle's load time ends there. */
export function bundleLoaded(): BundleLoad {
  return {
    loadMs: typeof __ledgerLensLoadStart === 'number' ? performance.now() - __ledgerLensLoadStart : undefined,
    // CPU time of this process, so not inflated by other processes on a loaded machine.
    loadCpuMs: typeof __ledgerLensLoadCpu === 'object' ? cpuMsSince(__ledgerLensLoadCpu) : undefined,
  };
}

/** This process's CPU clock; undefined where there is none (a browser's web worker extension host). */
function cpuClock(): ((since?: NodeJS.CpuUsage) => NodeJS.CpuUsage) | undefined {
  const proc = nodeProcess();
  return typeof proc?.cpuUsage === 'function' ? proc.cpuUsage.bind(proc) : undefined;
}

function cpuMsSince(start: NodeJS.CpuUsage): number | undefined {
  const used = cpuClock()?.(start);
  return used && (used.user + used.system) / 1000;
}

/** Times activate(): `step(name)` ends a step; `done` logs the figures and returns them. */
export function activationClock(): {
  step(name: string): void;
  done(log: FeatureLog, bundle: BundleLoad): ActivationTiming;
} {
  const started = performance.now();
  const startedCpu = cpuClock()?.();
  const steps: Record<string, number> = {};
  let last = started;
  return {
    step: name => {
      const now = performance.now();
      steps[name] = now - last;
      last = now;
    },
    done: (log, { loadMs, loadCpuMs }) => {
      const activateCpuMs = startedCpu && cpuMsSince(startedCpu);
      const activateMs = performance.now() - started;
      const parts = Object.entries(steps).map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
      const cpu = activateCpuMs === undefined ? '' : `; CPU ${activateCpuMs.toFixed(1)} ms`;
      log.info(
        `activated in ${activateMs.toFixed(1)} ms (${parts.join(', ')}${cpu})` +
          (loadMs === undefined ? '' : `; bundle evaluated in ${loadMs.toFixed(1)} ms`) +
          (loadCpuMs === undefined ? '' : ` (CPU ${loadCpuMs.toFixed(1)} ms)`),
      );
      return { loadMs, activateMs, steps, loadCpuMs, ...(activateCpuMs === undefined ? {} : { activateCpuMs }) };
    },
  };
}
