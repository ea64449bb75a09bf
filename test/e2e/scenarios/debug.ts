// Debug transaction in a real workbench, with the sample Hardhat project: a withdrawal through
// VaultProxy (a DELEGATECALL into Vault, which calls MyToken.transfer, which reverts with
// InsufficientBalance three frames deep; recorded from a real EVM: test/support/evmTraces.ts). A
// breakpoint set by a click in the gutter of Vault.sol, the session started from the palette, stopped
// on entry, at the breakpoint and at the revert, with the frames and the decoded variables in the
// Run and Debug views, and a step back. Then a transaction whose opcode trace the mirror node does
// not serve (501): replayed on a local EVM against the state the test mirror gives from the replay
// world (test/support/replayFixtures.ts), a step-level session that says it is a faithful local
// replay; and, with `ledgerLens.debug.localReplay` off, the call-level session the same 501 gives.
// Screenshots (debug-revert.png and debug-replay.png are the README's pictures).
import * as fs from 'fs';
import * as path from 'path';
import { evmTraces, type EvmScenario } from '../../support/evmTraces';
import { debugRecords, opcodesPath, traceRecords, sdkForm } from '../../support/evmRecords';
import { mirrorErrorBody } from '../../support/mirrorReplay';
import { projectRoot } from '../../harness/proc';
import { patient } from '../../support/patience';
import { LEDGER_LENS_ACTIVITY } from '../../harness/startCheck';
import { type Driver, expectIncludes, oneLine, type Scenario } from '../driver';

const STEP_LEVEL = 'withdrawViaProxyAboveBalance';
const CALL_LEVEL = 'withdrawAboveVaultBalance';
const VAULT = 'hardhat-sample/contracts/Vault.sol';
const TRANSFER_LINE = 31; // token.transfer(msg.sender, amount);
const BALANCE_LINE = 83; // uint256 balance = balanceOf[from];
const REVERT_LINE = 84; // if (balance < amount) revert InsufficientBalance(from, balance, amount);
const NOT_SERVED = 'not-served';
const LOCAL_REPLAY = 'ledgerLens.debug.localReplay';

/** A frame of the CALL STACK view as it reads: `Vault.withdraw`, `Vault.sol`, 31. */
interface ShownFrame {
  readonly name: string;
  readonly file: string;
  readonly line: number | undefined;
}

/** What the active editor shows of the debugger: its file, and the lines of each debug decoration. */
interface EditorView {
  readonly tab: string;
  /** Lines with the current-line decoration (`debug-top-stack-frame-line`, `…focused…`). */
  readonly current: number[];
  /** Glyph margin icons by line: `debug-breakpoint`, `debug-stackframe`, … (codicon names). */
  readonly glyphs: { line: number; icon: string }[];
  readonly exception: string;
}

// In-page: the active editor's debug decorations, each mapped to its line number by where it sits
// (the line number element at the same height). No DOM library in the test tsconfig: a string.
const EDITOR_VIEW = `(() => {
  const editor = document.querySelector('.editor-group-container.active .monaco-editor')
    || document.querySelector('.monaco-editor');
  const tab = document.querySelector('.editor-group-container.active .tabs-container .tab.active');
  const out = { tab: tab ? tab.textContent.trim() : '', current: [], glyphs: [], exception: '' };
  if (!editor) return out;
  const numbers = Array.from(editor.querySelectorAll('.margin-view-overlays .line-numbers')).map(el => {
    const r = el.getBoundingClientRect();
    return { line: Number(el.textContent.trim()), mid: r.top + r.height / 2 };
  }).filter(n => Number.isFinite(n.line) && n.line > 0);
  const lineAt = el => {
    const r = el.getBoundingClientRect();
    const mid = r.top + r.height / 2;
    let best;
    for (const n of numbers) if (!best || Math.abs(n.mid - mid) < Math.abs(best.mid - mid)) best = n;
    return best && Math.abs(best.mid - mid) < 12 ? best.line : -1;
  };
  for (const el of editor.querySelectorAll('.view-overlays .debug-top-stack-frame-line, .view-overlays .debug-focused-stack-frame-line')) {
    const line = lineAt(el);
    if (!out.current.includes(line)) out.current.push(line);
  }
  for (const el of editor.querySelectorAll('.margin [class*="codicon-debug-"]')) {
    const icon = Array.from(el.classList).find(c => c.startsWith('codicon-debug-'));
    out.glyphs.push({ line: lineAt(el), icon: icon.slice('codicon-'.length) });
  }
  const widget = editor.querySelector('.exception-widget');
  if (widget) out.exception = widget.textContent.replace(/\\s+/g, ' ').trim().slice(0, 300);
  return out;
})()`;

// In-page: the CALL STACK view's frames (the frames only, not a session or thread row).
const CALL_STACK = `(() => Array.from(document.querySelectorAll('.debug-call-stack .monaco-list-row .stack-frame')).map(el => {
  const text = sel => { const e = el.querySelector(sel); return e ? e.textContent.replace(/\\s+/g, ' ').trim() : ''; };
  const position = text('.line-number');
  const line = /^(\\d+)/.exec(position);
  return { name: text('.label'), file: text('.file-name'), line: line ? Number(line[1]) : undefined };
}))()`;

// In-page: the VARIABLES view's rendered rows: `{ text, scope, expanded }`.
const VARIABLE_ROWS = `(() => Array.from(document.querySelectorAll('.debug-variables .monaco-list-row')).map(el => ({
  text: el.textContent.replace(/\\s+/g, ' ').trim(),
  scope: el.querySelector('.scope') !== null,
  expanded: el.getAttribute('aria-expanded') === 'true',
})))()`;

interface VariableRow {
  readonly text: string;
  readonly scope: boolean;
  readonly expanded: boolean;
}

async function editorView(d: Driver): Promise<EditorView> {
  return d.page.evaluate<EditorView>(EDITOR_VIEW);
}

async function callStack(d: Driver): Promise<ShownFrame[]> {
  return d.page.evaluate<ShownFrame[]>(CALL_STACK);
}

async function variableRows(d: Driver): Promise<VariableRow[]> {
  return d.page.evaluate<VariableRow[]>(VARIABLE_ROWS);
}

/** Polls `read` until `ok` holds (bounded); returns the last reading, or throws with it. */
async function until<T>(
  d: Driver,
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + patient(ms);
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: saw ${JSON.stringify(value).slice(0, 600)}`);
    await d.page.waitForTimeout(300);
  }
}

/** The session stopped at `file`:`line` with `frames` on top of the stack, and the editor showing it there. */
async function stoppedAt(
  d: Driver,
  file: string,
  line: number,
  frames: string[],
): Promise<{ stack: ShownFrame[]; editor: EditorView }> {
  const stack = await until(
    d,
    `the call stack at ${file}:${line}`,
    () => callStack(d),
    s => s.length > 0 && s[0].file.includes(file) && s[0].line === line && frames.every((f, i) => s[i]?.name === f),
  );
  const editor = await until(
    d,
    `the editor at ${file}:${line}`,
    () => editorView(d),
    v => v.tab.includes(file) && v.current.includes(line),
  );
  return { stack, editor };
}

/** Starts `Ledger Lens: Debug transaction` with `id` typed into its input box. */
async function debugTransaction(d: Driver, id: string): Promise<void> {
  const quickInput = d.page.locator('.quick-input-widget');
  const box = quickInput.locator('.quick-input-box input');
  for (let attempt = 1; ; attempt++) {
    try {
      await d.runCommand('Ledger Lens: Debug transaction', { opensInput: true });
      await quickInput
        .locator('.quick-input-title, .quick-input-message', { hasText: /Debug transaction|transaction to debug/ })
        .first()
        .waitFor({ timeout: patient(10_000) });
      await box.fill(id, { timeout: patient(5_000) });
      await d.page.waitForTimeout(300);
      await d.page.keyboard.press('Enter');
      await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      await d.dismiss();
    }
  }
}

/** Opens the Run and Debug view (CALL STACK, VARIABLES) unless it is showing. */
async function showRunAndDebug(d: Driver): Promise<void> {
  const stack = d.page.locator('.debug-call-stack').first();
  if (await stack.isVisible().catch(() => false)) return;
  await d.runCommand('View: Show Run and Debug');
  await stack.waitFor({ timeout: patient(10_000) });
}

/**
 * Drags the side bar's edge to make it `width` wide (the frames' files and the storage names then
 * read in full on the README's picture); returns the width it has then.
 */
async function resizeSideBar(d: Driver, width: number): Promise<number | undefined> {
  const bar = await d.page.locator('.part.sidebar').first().boundingBox();
  if (!bar || Math.abs(bar.width - width) < 2) return bar?.width;
  const edge = bar.x + bar.width;
  const y = bar.y + bar.height / 2;
  await d.page.mouse.move(edge, y);
  await d.page.mouse.down();
  await d.page.mouse.move(bar.x + width, y, { steps: 8 });
  await d.page.mouse.up();
  return (await d.page.locator('.part.sidebar').first().boundingBox())?.width;
}

/** Clicks the debug toolbar's button with the icon `debug-<icon>` (`continue`, `step-back`, `stop`). */
async function toolbar(d: Driver, icon: string): Promise<void> {
  await d.dismiss();
  const button = d.page.locator(`.debug-toolbar .action-item .codicon-debug-${icon}`).first();
  await button.waitFor({ timeout: patient(10_000) });
  await button.click();
}

/**
 * Expands the VARIABLES view's scope `name` if it is collapsed; returns the rows then. The view
 * redraws its tree once more after a stop (the frame focused): a click that lands just before is
 * undone, so the row is clicked again while it stays collapsed (bounded).
 */
async function expandScope(d: Driver, name: string): Promise<VariableRow[]> {
  const row = d.page
    .locator('.debug-variables .monaco-list-row', { has: d.page.locator('.scope', { hasText: name }) })
    .first();
  await row.waitFor({ timeout: patient(15_000) });
  const expanded = (rows: VariableRow[]): boolean => {
    const at = rows.findIndex(r => r.scope && r.text === name);
    return at >= 0 && rows[at].expanded && rows[at + 1] !== undefined && !rows[at + 1].scope;
  };
  for (let attempt = 1; ; attempt++) {
    if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
    try {
      return await until(d, `the ${name} scope expanded`, () => variableRows(d), expanded, 1_500);
    } catch (e) {
      if (attempt >= 4) throw e;
    }
  }
}

/** The rows under scope `name` (until the next scope). */
function rowsOf(rows: VariableRow[], name: string): string[] {
  const at = rows.findIndex(r => r.scope && r.text === name);
  if (at < 0) return [];
  const end = rows.findIndex((r, i) => i > at && r.scope);
  return rows.slice(at + 1, end < 0 ? undefined : end).map(r => r.text);
}

/** Sets the breakpoint as a user does: a click in the glyph margin of Vault.sol's line 31. */
function setBreakpoint(d: Driver): Promise<{ glyphs: EditorView['glyphs'] } | undefined> {
  const { page } = d;
  return d.step('a click in the gutter of Vault.sol line 31 sets a breakpoint', async () => {
    await d.openFile(VAULT);
    const quickInput = page.locator('.quick-input-widget');
    await page.keyboard.press('Control+G');
    await quickInput.locator('.quick-input-box input').fill(`:${TRANSFER_LINE}`);
    await page.keyboard.press('Enter');
    await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
    const editor = page.locator('.editor-group-container.active .monaco-editor').first();
    const line = editor.locator('.view-line', { hasText: 'token.transfer(msg.sender, amount);' }).first();
    await line.waitFor();
    const lineBox = await line.boundingBox();
    const gutterBox = await editor.locator('.margin .glyph-margin').first().boundingBox();
    if (!lineBox || !gutterBox) throw new Error('the line or the glyph margin is not laid out');
    const x = gutterBox.x + gutterBox.width / 2;
    const y = lineBox.y + lineBox.height / 2;
    await page.mouse.move(x + 40, y);
    await page.mouse.move(x, y, { steps: 3 });
    await page.mouse.click(x, y);
    const view = await until(
      d,
      'the breakpoint decoration on line 31',
      () => editorView(d),
      v => v.glyphs.some(g => g.line === TRANSFER_LINE && g.icon === 'debug-breakpoint'),
      10_000,
    );
    await page.mouse.move(2, 2);
    return { glyphs: view.glyphs };
  });
}

/** Starts the step-level session from the palette: it stops on entry, in the proxy. */
function startStepLevel(d: Driver, transactionId: string): Promise<{ stack: ShownFrame[] } | undefined> {
  return d.step('Debug transaction stops on entry, in VaultProxy.sol', async () => {
    await debugTransaction(d, sdkForm(transactionId));
    await showRunAndDebug(d);
    const sideBar = await resizeSideBar(d, 520).catch(() => undefined);
    const stack = await until(
      d,
      'the entry stop',
      () => callStack(d),
      s => s.length > 0 && s[0].name === 'VaultProxy.fallback' && s[0].line !== undefined,
      60_000,
    );
    const editor = await until(
      d,
      'the editor at the entry',
      () => editorView(d),
      v => v.tab.includes('VaultProxy.sol') && v.current.length > 0,
    );
    return { stack, current: editor.current, tab: editor.tab, sideBar };
  });
}

/** Continues to the breakpoint, then reads the decoded argument in the VARIABLES view. */
async function atTheBreakpoint(d: Driver, shots: string): Promise<void> {
  const { page, step } = d;
  await step('Continue stops at the breakpoint: Vault.sol line 31, verified', async () => {
    await toolbar(d, 'continue');
    const { stack, editor } = await stoppedAt(d, 'Vault.sol', TRANSFER_LINE, ['Vault.withdraw', 'VaultProxy.fallback']);
    const glyphs = editor.glyphs.filter(g => g.line === TRANSFER_LINE).map(g => g.icon);
    if (glyphs.some(g => g.includes('unverified')) || !glyphs.some(g => g.startsWith('debug-breakpoint')))
      throw new Error(`the breakpoint on line 31 shows as ${glyphs.join(', ')}`);
    await page.screenshot({ path: path.join(shots, 'debug-breakpoint.png') });
    return { stack: stack.map(f => `${f.name} ${f.file}:${f.line}`), glyphs };
  });

  await step('VARIABLES: the Call scope shows the decoded argument amount = 1000', async () => {
    const rows = await expandScope(d, 'Call');
    const call = rowsOf(rows, 'Call');
    if (!call.some(r => /^amount\s*[:=]\s*1000$/.test(r))) throw new Error(`Call: ${JSON.stringify(call)}`);
    return { call: call.slice(0, 8) };
  });
}

/** The call stack's state in the exception colours, which names the decoded error. */
async function exceptionState(d: Driver): Promise<string> {
  const state = oneLine(
    await d.page
      .locator('.part.sidebar .label.exception')
      .first()
      .innerText({ timeout: patient(10_000) }),
  );
  expectIncludes(state, 'InsufficientBalance', 'the call stack’s exception state');
  return state;
}

/** Continues to the revert, reads the frames, the exception look and the storage, and steps back. */
async function atTheRevert(d: Driver, shots: string): Promise<void> {
  const { page, step } = d;
  await step('Continue stops at the revert: MyToken.sol line 84, three frames, the exception look', async () => {
    await toolbar(d, 'continue');
    const { stack, editor } = await stoppedAt(d, 'MyToken.sol', REVERT_LINE, [
      'MyToken.transfer',
      'Vault.withdraw',
      'VaultProxy.fallback',
    ]);
    // The exception look: the call stack's state in the exception colours, and the editor's
    // "Exception has occurred" widget under the line, both with the decoded error.
    const state = await exceptionState(d);
    let via = 'the stop';
    let shown = await until(
      d,
      'the exception widget',
      () => editorView(d),
      v => v.exception.includes('InsufficientBalance'),
      5_000,
    ).catch(() => undefined);
    if (!shown) {
      via = 'the top frame clicked';
      // VS Code now and then leaves the widget out on the stop (its editor and focus events race);
      // focusing the frame again, as a user would, shows it.
      await page.locator('.debug-call-stack .monaco-list-row', { hasText: 'MyToken.transfer' }).first().click();
      shown = await until(
        d,
        'the exception widget',
        () => editorView(d),
        v => v.exception.includes('InsufficientBalance'),
        10_000,
      );
    }
    return {
      stack: stack.map(f => `${f.name} ${f.file}:${f.line}`),
      state,
      widget: shown.exception,
      via,
      current: editor.current,
    };
  });

  await step('VARIABLES: the Storage scope names a balanceOf[…] entry', async () => {
    const rows = await expandScope(d, 'Storage');
    const storage = rowsOf(rows, 'Storage');
    const named = storage.find(r => r.startsWith('balanceOf['));
    if (!named) throw new Error(`Storage: ${JSON.stringify(storage)}`);
    // The README's picture: the workbench without its title bar and status bar (≤ 200 KB, as every
    // picture shipped).
    const size = page.viewportSize() ?? { width: 1400, height: 900 };
    await page.screenshot({
      path: path.join(shots, 'debug-revert.png'),
      clip: { x: 0, y: 36, width: size.width, height: size.height - 36 - 24 },
    });
    return { named, storage: storage.slice(0, 6) };
  });

  await step('Step Back (the debug toolbar) moves to the previous statement', async () => {
    await toolbar(d, 'step-back');
    const stack = await until(
      d,
      'the stop after stepping back',
      () => callStack(d),
      s => s.length > 0 && s[0].line !== undefined && s[0].line !== REVERT_LINE,
    );
    const top = stack[0];
    if (top.line === undefined || top.line > REVERT_LINE) throw new Error(`stepped back to ${JSON.stringify(top)}`);
    const editor = await until(
      d,
      'the editor after stepping back',
      () => editorView(d),
      v => top.line !== undefined && v.current.includes(top.line),
    );
    if (top.line !== BALANCE_LINE || !top.file.includes('MyToken.sol'))
      throw new Error(`stepped back to ${top.name} ${top.file}:${top.line}, not MyToken.sol:${BALANCE_LINE}`);
    return { top: `${top.name} ${top.file}:${top.line}`, current: editor.current };
  });
}

/** Stops the session if one runs (best effort: a failed step must not leave it to the next). */
async function stopIfRunning(d: Driver): Promise<void> {
  const stop = d.page.locator('.debug-toolbar .action-item .codicon-debug-stop').first();
  if (await stop.isVisible().catch(() => false)) await toolbar(d, 'stop').catch(() => undefined);
}

/** Stop (the debug toolbar): no frames left, the toolbar gone. */
function stopSession(d: Driver, what: string): Promise<boolean | undefined> {
  return d.step(what, async () => {
    await toolbar(d, 'stop');
    await until(
      d,
      'no frames left',
      () => callStack(d),
      s => s.length === 0,
    );
    await d.page
      .locator('.debug-toolbar')
      .first()
      .waitFor({ state: 'hidden', timeout: patient(10_000) });
    return true;
  });
}

/** The Debug Console's text once `done` holds (focused first, so its panel shows). */
async function debugConsole(d: Driver, what: string, done: (text: string) => boolean): Promise<string> {
  await d.runCommand('Debug Console: Focus on Debug Console View');
  const repl = d.page.locator('.repl');
  return until(d, what, async () => oneLine((await repl.allInnerTexts()).join(' ')), done, 90_000);
}

/** `name file:line` of each frame, as the steps report them. */
function framesOf(stack: readonly ShownFrame[]): string[] {
  return stack.map(f => `${f.name} ${f.file}:${f.line}`);
}

/** The words a replayed session's Debug Console ends its source line with, whatever the verdict. */
const REPLAY_SOURCE =
  /Source: local replay, (faithful|diverged|stopped)|a local replay was not possible|steps call by call/;

/**
 * The local replay: the opcode trace answered 501, the transaction run on a local EVM with the
 * state the test mirror gives as of just before it; a step-level session (frames in .sol files, step
 * over, the revert with its frames) that says it is a faithful replay. Ends with no session.
 */
async function replaySession(d: Driver, callLevel: EvmScenario, shots: string): Promise<void> {
  const { page, step, control } = d;
  const entry = await step(
    'without opcode traces (501) Debug transaction replays it locally: step-level, "local replay, faithful"',
    async () => {
      await control.preferSource(NOT_SERVED);
      await control.resetRequests();
      const started = Date.now();
      await debugTransaction(d, sdkForm(callLevel.transactionId));
      // The replay takes a while before the session stops on entry, and the workbench shows the Run
      // and Debug view itself then (a palette opened meanwhile is closed under the driver): the
      // frames are awaited first, the view asked for only if they never show.
      const entryStop = (s: ShownFrame[]): boolean =>
        s.length > 0 && s[0].file.includes('Vault.sol') && s[0].line !== undefined;
      const stack = await until(d, 'the entry stop, in Vault.sol', () => callStack(d), entryStop, 90_000).catch(
        async () => {
          await showRunAndDebug(d);
          return until(d, 'the entry stop, in Vault.sol', () => callStack(d), entryStop, 10_000);
        },
      );
      const stoppedMs = Date.now() - started;
      const text = await debugConsole(d, 'the Debug Console naming the source', t => REPLAY_SOURCE.test(t));
      const at = text.indexOf('Step-level trace:');
      const said = text.slice(Math.max(0, at), at + 420);
      expectIncludes(text, 'Source: local replay, faithful', 'the Debug Console');
      if (!stack.every(f => f.file.endsWith('.sol')))
        throw new Error(`frames outside .sol files: ${framesOf(stack).join(', ')}`);
      // The thread's name says the source too (shown when the view lists the session and its thread).
      const rows = await page.locator('.debug-call-stack .monaco-list-row').allInnerTexts();
      const named = rows.map(oneLine).find(r => r.includes('local replay'));
      // What the replay asked of the test mirror: storage and balances as of just before the transaction.
      const asked = (await control.requests('mirror'))
        .map(r => r.url)
        .filter(u => /\/state\?|\/accounts\/[^?]+\?.*timestamp=/.test(u));
      if (!asked.length) throw new Error('the replay read no state from the mirror node');
      return {
        stoppedMs,
        entry: framesOf(stack),
        thread: named ?? '(no thread row shown)',
        asked: asked.slice(0, 4),
        console: said,
      };
    },
  );
  if (!entry) return stopIfRunning(d);

  const over = await step('Step Over (the debug toolbar) moves to another statement of Vault.sol', async () => {
    const before = (await callStack(d))[0];
    await toolbar(d, 'step-over');
    const stack = await until(
      d,
      'the stop after stepping over',
      () => callStack(d),
      s => s.length > 0 && s[0].line !== undefined && (s[0].line !== before.line || s[0].file !== before.file),
    );
    const top = stack[0];
    if (
      !top.file.includes('Vault.sol') ||
      top.line === undefined ||
      before.line === undefined ||
      top.line <= before.line
    )
      throw new Error(`stepped over from ${before.file}:${before.line} to ${top.file}:${top.line}`);
    await until(
      d,
      'the editor after stepping over',
      () => editorView(d),
      v => top.line !== undefined && v.tab.includes('Vault.sol') && v.current.includes(top.line),
    );
    return { from: `${before.file}:${before.line}`, to: `${top.file}:${top.line}` };
  });
  if (!over) return stopIfRunning(d);

  await step('Continue stops at the revert: MyToken.sol line 84, two frames, the exception look', async () => {
    const stops: string[] = [];
    const top = (await callStack(d))[0];
    // Left above line 31, the session stops at its breakpoint first.
    if (top.line !== undefined && top.line < TRANSFER_LINE) {
      await toolbar(d, 'continue');
      const { stack } = await stoppedAt(d, 'Vault.sol', TRANSFER_LINE, ['Vault.withdraw']);
      stops.push(framesOf(stack).join(' < '));
    }
    await toolbar(d, 'continue');
    const { stack, editor } = await stoppedAt(d, 'MyToken.sol', REVERT_LINE, ['MyToken.transfer', 'Vault.withdraw']);
    if (stack.length !== 2) throw new Error(`the frames at the revert: ${framesOf(stack).join(', ')}`);
    stops.push(framesOf(stack).join(' < '));
    const state = await exceptionState(d);
    // The README's picture: the revert in MyToken.sol, the frames, and the Debug Console saying
    // where the trace came from (≤ 200 KB, as every picture shipped).
    await d.runCommand('Debug Console: Focus on Debug Console View');
    await page.mouse.move(2, 2);
    await page.waitForTimeout(300);
    const size = page.viewportSize() ?? { width: 1400, height: 900 };
    const picture = path.join(shots, 'debug-replay.png');
    await page.screenshot({ path: picture, clip: { x: 0, y: 36, width: size.width, height: size.height - 36 - 24 } });
    const kb = Math.round(fs.statSync(picture).size / 1024);
    if (kb > 200) throw new Error(`debug-replay.png is ${kb} KB, above the 200 KB a shipped picture may weigh`);
    return { stops, state, current: editor.current, kb };
  });

  await stopSession(d, 'Stop (the debug toolbar) ends the replayed session');
}

/** The call-level session: the opcode trace answered 501 and the local replay off, the reason in the Debug Console. */
async function callLevelSession(d: Driver, callLevel: EvmScenario, shots: string): Promise<void> {
  const { page, step, control } = d;
  await step('with the local replay off, 501 gives a session that steps call by call, and says why', async () => {
    await d.setSetting(LOCAL_REPLAY, false);
    await control.preferSource(NOT_SERVED);
    await debugTransaction(d, sdkForm(callLevel.transactionId));
    await showRunAndDebug(d);
    const stack = await until(
      d,
      'the entry stop',
      () => callStack(d),
      s => s.length > 0,
      60_000,
    );
    await d.runCommand('Debug Console: Focus on Debug Console View');
    const repl = page.locator('.repl');
    const text = await until(
      d,
      'the Debug Console',
      async () => oneLine((await repl.allInnerTexts()).join(' ')),
      t => t.includes('does not serve opcode traces (501') && t.includes('steps call by call'),
    );
    if (/Source: local replay|replayed locally|a local replay was not possible/.test(text))
      throw new Error(`the local replay was tried while off: ${text.slice(0, 600)}`);
    const at = text.indexOf('does not serve opcode traces');
    return {
      entry: stack.map(f => `${f.name} ${f.file}:${f.line}`),
      console: text.slice(Math.max(0, at - 80), at + 220),
    };
  });

  await step('Continue stops at the inferred revert site: MyToken.sol line 84', async () => {
    await toolbar(d, 'continue');
    const { stack } = await stoppedAt(d, 'MyToken.sol', REVERT_LINE, ['MyToken.transfer', 'Vault.withdraw']);
    await page.screenshot({ path: path.join(shots, 'debug-call-level.png') });
    return { stack: stack.map(f => `${f.name} ${f.file}:${f.line}`) };
  });
}

/**
 * Leaves the workbench as the next scenario expects it (the window's state is kept for the run,
 * and the gallery pictures the default side bar): no session, no breakpoint, the side bar at its
 * width and the Explorer showing. The workbench saves its state now and then, and always when it
 * reloads: a reload makes sure the next page opens with this one. Best effort.
 */
async function tidyUp(d: Driver, sideBarWidth: number | undefined): Promise<void> {
  await stopIfRunning(d);
  await d.runCommand('Remove All Breakpoints').catch(() => undefined);
  if (sideBarWidth !== undefined) await resizeSideBar(d, sideBarWidth).catch(() => undefined);
  await d.runCommand('View: Show Explorer').catch(() => undefined);
  await d.reloadWindow().catch(() => undefined);
}

export const scenario: Scenario = {
  name: 'debug',
  // No minimap: the README's picture is the debugger, and the minimap's dense text would double its size.
  settings: { 'ledgerLens.network': 'testnet', 'editor.minimap.enabled': false },
  async run(d) {
    const { page, control } = d;
    const traces = await evmTraces();
    const withdrawal = traces.byName[STEP_LEVEL];
    const callLevel = traces.byName[CALL_LEVEL];
    // The step-level transaction with its opcode trace; the call-level one without (501), preferred
    // over any opcode trace another record may give its URL.
    await control.addRecords([
      ...debugRecords(withdrawal),
      ...traceRecords(callLevel),
      { url: opcodesPath(callLevel), status: 501, bodyText: mirrorErrorBody('Not implemented'), source: NOT_SERVED },
    ]);
    const shots = path.join(projectRoot(), 'test-results', 'screenshots', 'debug');
    fs.mkdirSync(shots, { recursive: true });
    await page
      .locator(LEDGER_LENS_ACTIVITY)
      .first()
      .waitFor({ timeout: patient(90_000) });
    const sideBarWidth = (await page.locator('.part.sidebar').first().boundingBox())?.width;
    try {
      const breakpoint = await setBreakpoint(d);
      const entry = await startStepLevel(d, withdrawal.transactionId);
      if (entry && breakpoint) {
        await atTheBreakpoint(d, shots);
        await atTheRevert(d, shots);
      }
      await stopSession(d, 'Stop (the debug toolbar) ends the session');
      await replaySession(d, callLevel, shots);
      await callLevelSession(d, callLevel, shots);
    } finally {
      await control.preferSource(undefined).catch(() => undefined);
      await d.setSetting(LOCAL_REPLAY, undefined).catch(() => undefined);
      await tidyUp(d, sideBarWidth);
    }
  },
};
