// Named steps of a UI run: each is timed, counted as passed or failed, and leaves a screenshot.
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';

export interface StepCounts {
  passed: number;
  failed: number;
}

export type StepFn = <T>(name: string, fn: () => Promise<T>) => Promise<T | undefined>;

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export class Steps {
  readonly counts: StepCounts = { passed: 0, failed: 0 };
  readonly failures: string[] = [];
  private n = 0;

  constructor(
    private readonly screenshotDir: string,
    private readonly getPage: () => Page | undefined,
    private readonly prefix = '',
  ) {
    fs.mkdirSync(screenshotDir, { recursive: true });
  }

  /**
   * Runs one step: never throws (a failure is counted and printed), always takes a screenshot.
   * Returns what `fn` returned, or undefined when it failed.
   */
  readonly step: StepFn = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
    const t0 = Date.now();
    const index = ++this.n;
    let result: T | undefined;
    let ok = false;
    try {
      result = await fn();
      ok = true;
      this.counts.passed++;
      const shown = result === undefined ? '' : ` -> ${JSON.stringify(result).slice(0, 300)}`;
      console.log(`  ok   ${name} (${Date.now() - t0} ms)${shown}`);
    } catch (e) {
      this.counts.failed++;
      const message = e instanceof Error ? e.message.split('\n').slice(0, 3).join(' | ') : String(e);
      this.failures.push(`${this.prefix}${name}: ${message}`);
      console.log(`  FAIL ${name} (${Date.now() - t0} ms): ${message}`);
    }
    const page = this.getPage();
    if (page && !page.isClosed()) {
      const file = path.join(
        this.screenshotDir,
        `${this.prefix}${String(index).padStart(2, '0')}-${slug(name)}${ok ? '' : '-FAILED'}.png`,
      );
      await page.screenshot({ path: file, timeout: 10_000 }).catch(() => undefined);
    }
    return result;
  };
}
