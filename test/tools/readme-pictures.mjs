#!/usr/bin/env node
// Copies the pictures the README and the walkthrough show from the e2e run's gallery
// (test-results/screenshots/gallery/, made by test/e2e/scenarios/gallery.ts in the real workbench)
// and from the trace and debug scenarios (test-results/screenshots/trace/, …/debug/) into media/.
// Run it after `node out/test/e2e/run.js gallery trace debug` and commit what changed; it refuses
// to copy an incomplete set, so a failed run never replaces a picture with nothing.
//
//   node test/tools/readme-pictures.mjs
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');

/** media path <- the e2e picture (gallery/ unless another folder is named). */
export const PICTURES = {
  'media/screenshots/call-trace.png': 'trace/trace-panel.png',
  'media/screenshots/revert-site.png': 'trace/revert-site.png',
  'media/screenshots/debugger.png': 'debug/debug-revert.png',
  'media/screenshots/debug-replay.png': 'debug/debug-replay.png',
  'media/screenshots/hover.png': 'dark-1080-hover.png',
  'media/screenshots/accounts.png': 'dark-1080-accounts.png',
  'media/screenshots/transaction.png': 'dark-1080-transaction.png',
  'media/screenshots/contract-results.png': 'dark-1080-contract-results.png',
  'media/screenshots/contract-results-800.png': 'dark-800-contract-results.png',
  'media/screenshots/transaction-light.png': 'light-1080-transaction.png',
  'media/screenshots/transaction-hc.png': 'hc-1080-transaction.png',
  ...Object.fromEntries(
    ['dark', 'light', 'hc'].flatMap(theme => [
      [`media/walkthrough/account-${theme}.png`, `${theme}-1080-accounts.png`],
      [`media/walkthrough/hover-${theme}.png`, `${theme}-1080-hover.png`],
      [`media/walkthrough/lookup-${theme}.png`, `${theme}-800-transaction.png`],
    ]),
  ),
};

const at = source => join(SCREENSHOTS, source.includes('/') ? source : join('gallery', source));
const missing = Object.values(PICTURES).filter(f => !existsSync(at(f)));
if (missing.length) {
  console.error(
    `The pictures are incomplete (run: node out/test/e2e/run.js gallery trace debug); missing: ${missing.join(', ')}`,
  );
  process.exit(1);
}
for (const [target, source] of Object.entries(PICTURES)) {
  mkdirSync(dirname(join(ROOT, target)), { recursive: true });
  copyFileSync(at(source), join(ROOT, target));
  console.log(`${target}  <- ${source} (${Math.round(statSync(join(ROOT, target)).size / 1024)} KB)`);
}
