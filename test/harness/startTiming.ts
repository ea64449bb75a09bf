// How long `npm start` took to be ready, in one line it prints beside the URL: the total from the
// command's own start, each phase, and whether it was a cold start (what it installed or built once)
// or a warm one. The README's start-time figures are read from this line.

export interface StartPhase {
  readonly name: string;
  readonly ms: number;
  /** Its own parts, in brackets (the real mirror node's install, database, load and servers). */
  readonly parts?: readonly StartPhase[];
}

export interface StartTiming {
  readonly totalMs: number;
  readonly phases: readonly StartPhase[];
  /** What this start installed or built once, in words; empty for a warm start. */
  readonly firstUse: readonly string[];
}

/** `4.2 s`, `1 min 12 s`: seconds to a tenth below a minute, whole seconds above. */
export function duration(ms: number): string {
  const safe = Number.isFinite(ms) && ms > 0 ? ms : 0;
  if (safe < 59_950) return `${(safe / 1000).toFixed(1)} s`;
  const seconds = Math.round(safe / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function phaseText(phase: StartPhase): string {
  const parts = (phase.parts ?? []).filter(p => p.ms >= 50);
  const inner = parts.length ? ` (${parts.map(p => `${p.name} ${duration(p.ms)}`).join(', ')})` : '';
  return `${phase.name} ${duration(phase.ms)}${inner}`;
}

/** `Ready in 1 min 12 s, warm: build and package 21.0 s · … · workbench 11.9 s` */
export function startTimingLine(timing: StartTiming): string {
  const kind = timing.firstUse.length ? `cold (first use: ${timing.firstUse.join(', ')})` : 'warm';
  const phases = timing.phases.filter(p => p.ms >= 50 || (p.parts ?? []).length > 0).map(phaseText);
  return `Ready in ${duration(timing.totalMs)}, ${kind}${phases.length ? `: ${phases.join(' · ')}` : ''}`;
}

/** The line read back (by the start checks): total milliseconds (to the tenth of a second) and cold or warm. */
export function parseStartTimingLine(line: string): { readonly totalMs: number; readonly cold: boolean } | undefined {
  const m = /^Ready in (?:(\d+) min (\d+) s|(\d+(?:\.\d)?) s), (cold|warm)\b/.exec(line.trim());
  if (!m) return undefined;
  const totalMs = m[3] !== undefined ? Number(m[3]) * 1000 : (Number(m[1]) * 60 + Number(m[2])) * 1000;
  return { totalMs, cold: m[4] === 'cold' };
}
