// Timing in tests that must hold on a loaded machine. CI runs the unit suites alongside the
// one-time tool install (npm, tar) on two cores, so wall time measures the scheduler as much as our
// code. Tests read this process's CPU time instead, and compare costs (growth.ts) rather than
// assert a budget in milliseconds.

/** This process's CPU time so far, in milliseconds (user + system, all threads). */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
