// Waiting in tests for something to happen, rather than for a fixed time a loaded machine may not
// keep (CI runs the unit suites beside the one-time tool install, on two cores).

/** Waits until `ready()` holds, checking every 5 ms; fails naming `what` after `ms`. */
export async function until(ready: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise<void>(resolve => setTimeout(resolve, 5));
  }
}
