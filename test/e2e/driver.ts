// What an e2e scenario is handed: the page of a real VS Code workbench (code-server) with Ledger
// Lens installed from its .vsix, a step helper, and helpers for the parts of the workbench the
// features touch. Selectors were checked against VS Code 1.139.
import * as fs from 'fs';
import * as path from 'path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { StepFn } from '../harness/step';
import type { ReplayControl } from '../harness/replay';
import type { ExtraRecord } from '../support/mirrorReplay';
import { patient } from '../support/patience';

export const EXTENSION_ID = 'ledger-lens.ledger-lens';

export interface Scenario {
  /** Short name: shown in the output and used for the screenshot folder. */
  readonly name: string;
  /** User settings for this scenario (on top of the replay URLs the runner sets). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Status page scenario served while it runs (default `all-operational`). */
  readonly statusScenario?: string;
  /**
   * Records the mirror replay serves for this scenario, in place before its workbench opens: the
   * window restores the previous scenario's editors (a transaction panel asks for its rates at
   * once), and what a fresh extension host learns first it keeps for the session.
   */
  readonly records?: () => readonly ExtraRecord[];
  /** The steps. Use `driver.step` for each check; a throw outside a step counts as one failure. */
  run(driver: Driver): Promise<void>;
}

export interface Driver {
  readonly page: Page;
  readonly step: StepFn;
  /** The workspace folder the workbench opened (test/workspace). */
  readonly workspace: string;
  /** Where the replay servers listen (already in the user settings). */
  readonly urls: { readonly mirror: string; readonly status: string };
  /** The replay servers' control (status scenario, faults). */
  readonly control: ReplayControl;
  /**
   * Runs a command from the palette by its full title, e.g. `Ledger Lens: Select network`, and waits
   * for the palette to close. `{ opensInput: true }` for a command that shows its own input box or
   * quick pick (the same widget): returns once the row was picked, the caller reads the new input.
   */
  runCommand(title: string, options?: { opensInput?: boolean }): Promise<void>;
  /** Opens a workspace file by its path relative to the workspace (Quick Open, else Open File; up to three tries), waits for its tab. */
  openFile(relativePath: string): Promise<void>;
  /** Scrolls the active editor to the first line containing `text` (Go to Line). */
  revealLineOf(text: string): Promise<void>;
  /** Hovers the first occurrence of `text` in the active editor; returns the hover's text. */
  hoverText(text: string, options?: { waitFor?: string | RegExp; timeoutMs?: number }): Promise<string>;
  /** A tree item by its accessible name (label, and description if any). */
  treeItem(name: string | RegExp): Locator;
  /** Opens the Ledger Lens view container in the activity bar. */
  openLedgerLens(): Promise<void>;
  /** Expands the view pane titled `title` (e.g. `Accounts`) if it is collapsed. */
  expandView(title: string): Promise<Locator>;
  /** The document of the visible webview (outer iframe + inner active frame). */
  webviewFrame(): FrameLocator;
  /** The status bar item created with `createStatusBarItem(id, ...)` (the bare id, or the full one). */
  statusBarItem(id: string): Locator;
  /**
   * Hovers a workbench element (a status bar item, a tree row) and returns its tooltip's text once
   * it shows `wanted` (any text when absent); the pointer arrives again while the wanted tooltip is
   * not shown (none at all, or a neighbour's after the bar moved), as a user would.
   */
  tooltipOf(item: Locator, wanted?: string | RegExp, timeoutMs?: number): Promise<string>;
  /** Texts of the notifications shown so far (the toasts, or the notification center). */
  notifications(): Promise<string[]>;
  /** Replaces a user setting (undefined removes it); the workbench picks it up live. */
  setSetting(key: string, value: unknown): Promise<void>;
  /** Presses Escape twice and moves the mouse away: closes hovers, menus and quick inputs. */
  dismiss(): Promise<void>;
  /**
   * Developer: Reload Window, then waits for the new workbench and Ledger Lens's view container; a
   * hover or tooltip asked for afterwards waits for the new extension host's activation again.
   */
  reloadWindow(): Promise<void>;
}

// The few DOM types the in-page functions use (the test tsconfig has no DOM library, on purpose:
// the harness runs in Node).
export interface PageNode {
  readonly textContent: string | null;
}
export interface PageRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
export interface PageDocument {
  querySelectorAll(selector: string): ArrayLike<PageNode>;
  createTreeWalker(root: PageNode, whatToShow: number): { nextNode(): PageNode | null };
  createRange(): {
    setStart(node: PageNode, offset: number): void;
    setEnd(node: PageNode, offset: number): void;
    getClientRects(): ArrayLike<PageRect>;
    getBoundingClientRect(): PageRect;
  };
}

export function expectIncludes(actual: string | null | undefined, wanted: string | RegExp, what: string): string {
  const ok =
    typeof wanted === 'string'
      ? actual?.includes(wanted)
      : actual !== null && actual !== undefined && wanted.test(actual);
  if (!ok || actual === null || actual === undefined) {
    throw new Error(`${what}: expected ${String(wanted)} in ${JSON.stringify(actual)}`);
  }
  return actual;
}

export interface DriverDeps {
  readonly page: Page;
  readonly step: StepFn;
  readonly workspace: string;
  readonly urls: { readonly mirror: string; readonly status: string };
  readonly control: ReplayControl;
  readonly writeSetting: (key: string, value: unknown) => void;
}

export function createDriver(deps: DriverDeps): Driver {
  const { page } = deps;
  let activeFile: string | undefined;

  const quickInput = page.locator('.quick-input-widget');
  const quickInputBox = quickInput.locator('.quick-input-box input');

  const dismiss = async (): Promise<void> => {
    await page.mouse.move(2, 2);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  };

  /**
   * Opens the quick input with `key` (F1, Ctrl+P, Ctrl+G). When the focus is inside a webview the
   * key may never reach the workbench: then the title bar's command center opens it (the caller
   * fills the box with the mode prefix it needs: `>`, `:` or a path).
   */
  const openQuickInput = async (key: string): Promise<void> => {
    await page.keyboard.press(key);
    try {
      await quickInputBox.waitFor({ state: 'visible', timeout: 3000 });
    } catch {
      await page
        .locator('.part.titlebar .command-center-center')
        .first()
        .click({ timeout: patient(10_000) });
      await quickInputBox.waitFor({ state: 'visible', timeout: patient(10_000) });
    }
  };

  const runCommand = async (title: string, options: { opensInput?: boolean } = {}): Promise<void> => {
    const row = quickInput.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
    // An open palette does not pick up commands contributed after it opened (the extension host
    // may still be starting): reopen it until the command is there, within a bound.
    const deadline = Date.now() + patient(30_000);
    for (;;) {
      await openQuickInput('F1');
      await quickInputBox.fill('>' + title);
      try {
        await row.waitFor({ timeout: patient(5000) });
        break;
      } catch (e) {
        if (Date.now() > deadline)
          throw new Error(`no command ${JSON.stringify(title)} in the palette within 30 s`, { cause: e });
        await page.keyboard.press('Escape');
      }
    }
    // Enter runs the focused (first) row; make sure that is ours.
    await row.click();
    if (options.opensInput) {
      // The command's own box replaces the palette's `>` text.
      await page.waitForFunction(
        () => {
          const doc = (globalThis as unknown as { document: { querySelector(s: string): { value?: string } | null } })
            .document;
          const input = doc.querySelector('.quick-input-widget .quick-input-box input');
          return input !== null && !(input.value ?? '').startsWith('>');
        },
        undefined,
        { timeout: patient(10_000) },
      );
      return;
    }
    await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
  };

  const waitForEditor = async (base: string): Promise<void> => {
    await page.locator('.tabs-container .tab.active', { hasText: base }).waitFor({ timeout: patient(15_000) });
    await page
      .locator('.editor-instance .view-lines')
      .first()
      .waitFor({ timeout: patient(15_000) });
  };

  // A busy machine can defeat both ways once (a toast or a half-open widget in the way): up to
  // three tries, with everything dismissed between them.
  const openFile = async (relativePath: string): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        await openFileOnce(relativePath);
        return;
      } catch (e) {
        if (attempt >= 3) throw e;
        await dismiss();
      }
    }
  };

  const openFileOnce = async (relativePath: string): Promise<void> => {
    const base = path.basename(relativePath);
    try {
      // Quick Open: what a user does. Its file index can lag behind a file written moments ago,
      // or its first search outlast the wait on a busy machine...
      await openQuickInput('Control+P');
      await quickInputBox.fill(relativePath);
      const row = quickInput.locator('.quick-input-list .monaco-list-row', { hasText: base }).first();
      await row.waitFor({ timeout: patient(10_000) });
      await page.keyboard.press('Enter');
      await waitForEditor(base);
    } catch (e) {
      console.error(
        `  (Quick Open did not open ${relativePath}: ${String(e).replace(/\s+/g, ' ').slice(0, 120)}; the Open File dialog instead)`,
      );
      // ...so then the Open File dialog, which takes a path and needs no index.
      await page.keyboard.press('Escape');
      // The dialog is a quick input itself: it stays open, showing the active editor's folder.
      await runCommand('File: Open File...', { opensInput: true });
      await fillSettled(path.join(deps.workspace, relativePath));
      await page.keyboard.press('Enter');
      await waitForEditor(base);
    }
    activeFile = relativePath;
  };

  /**
   * Fills the quick input with `value` and waits until it stays so: the Open File dialog sets its
   * box to the folder it is reading when that read ends, which can undo a fill made before.
   */
  const fillSettled = async (value: string): Promise<void> => {
    for (let attempt = 0; attempt < 10; attempt++) {
      await quickInputBox.fill(value);
      await page.waitForTimeout(300);
      if ((await quickInputBox.inputValue()) === value) return;
    }
    throw new Error(`the quick input would not keep ${value}`);
  };

  /** Scrolls the editor so the line holding `text` is rendered (lines off screen are not in the DOM). */
  const revealLineOf = async (text: string): Promise<void> => {
    if (!activeFile) return;
    const file = path.join(deps.workspace, activeFile);
    if (!fs.existsSync(file)) return;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex(l => l.includes(text));
    if (index < 0) throw new Error(`${JSON.stringify(text)} is not in ${activeFile}`);
    await openQuickInput('Control+G');
    await quickInputBox.fill(`:${index + 1}`);
    await page.keyboard.press('Enter');
    await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
  };

  // The activity bar icon and the views come from the manifest, before Ledger Lens has activated
  // (onStartupFinished, after the other startup extensions, slow on a busy machine); a hover made
  // before activation gets no answer from it, and VS Code does not ask again. The status item is
  // created by activate(): once it is there, the hover provider is registered.
  let active = false;
  /**
   * Makes `arrive` (a pointer move onto something with a hover) until `shown` is visible: up to
   * three arrivals sharing `totalMs`. The last failure's message is kept.
   */
  const retryPointer = async (totalMs: number, arrive: () => Promise<void>, shown: Locator): Promise<void> => {
    const tries = 3;
    for (let attempt = 1; ; attempt++) {
      await arrive();
      try {
        await shown.waitFor({ timeout: totalMs / tries });
        return;
      } catch (e) {
        if (attempt === tries) throw e;
        console.log(`    (no such hover after ${Math.round(totalMs / tries)} ms: the pointer arrives again)`);
        await page.mouse.move(2, 2);
      }
    }
  };

  const tooltipOf = async (item: Locator, wanted?: string | RegExp, timeoutMs = patient(10_000)): Promise<string> => {
    await whenActive();
    await dismiss();
    const any = page.locator('.monaco-hover:visible, .workbench-hover:visible');
    const hover = (wanted === undefined ? any : any.filter({ hasText: wanted })).first();
    // Arrive again until the wanted tooltip shows, not merely a tooltip: a status bar that lays out
    // again under the pointer (an item's text grows) leaves it over the neighbour, whose tooltip
    // ("No Ports Forwarded") then shows instead.
    await retryPointer(timeoutMs, () => item.hover(), hover).catch(async (e: unknown) => {
      const seen = (await any.allInnerTexts()).join(' | ').slice(0, 300);
      throw new Error(`${e instanceof Error ? e.message.split('\n')[0] : String(e)}; the tooltip said: ${seen}`);
    });
    return (await hover.innerText()).trim();
  };

  const whenActive = async (): Promise<void> => {
    if (active) return;
    await page
      .locator(`[id="${EXTENSION_ID}.ledgerLens.status"]`)
      .waitFor({ state: 'attached', timeout: patient(60_000) });
    active = true;
  };

  const hoverText = async (
    text: string,
    options: { waitFor?: string | RegExp; timeoutMs?: number } = {},
  ): Promise<string> => {
    await whenActive();
    await dismiss();
    await revealLineOf(text);
    // The rendered line splits text into token spans (and shows spaces as U+00A0): find the DOM
    // range of `text` across those text nodes, and hover the middle of its first character run.
    const box = await page.evaluate((wanted: string) => {
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      const SHOW_TEXT = 4; // NodeFilter.SHOW_TEXT
      for (const line of Array.from(doc.querySelectorAll('.editor-instance .view-lines .view-line'))) {
        const nodes: PageNode[] = [];
        const walker = doc.createTreeWalker(line, SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
        const full = nodes.map(n => (n.textContent ?? '').replace(/\u00a0/g, ' ')).join('');
        const at = full.indexOf(wanted);
        if (at < 0) continue;
        const locate = (offset: number, isEnd: boolean): [PageNode, number] => {
          let pos = 0;
          for (const n of nodes) {
            const len = (n.textContent ?? '').length;
            if (offset < pos + len || (isEnd && offset === pos + len)) return [n, offset - pos];
            pos += len;
          }
          const last = nodes[nodes.length - 1];
          return [last, (last.textContent ?? '').length];
        };
        const range = doc.createRange();
        const [sn, so] = locate(at, false);
        const [en, eo] = locate(at + wanted.length, true);
        range.setStart(sn, so);
        range.setEnd(en, eo);
        const rects = Array.from(range.getClientRects()).filter(r => r.width > 0);
        const b = range.getBoundingClientRect();
        const r = rects[0] ?? b;
        // The middle of the whole text when it sits on one visual line, else of its first part.
        const x = rects.length <= 1 ? b.x + b.width / 2 : r.x + r.width / 2;
        return { x, y: r.y + r.height / 2 };
      }
      return null;
    }, text);
    if (!box) throw new Error(`${JSON.stringify(text)} is not visible in the editor`);
    const any = page.locator('.monaco-hover:visible');
    const hover = (options.waitFor === undefined ? any : any.filter({ hasText: options.waitFor })).first();
    const timeout = options.timeoutMs ?? patient(15_000);
    // On a loaded machine the editor now and then drops the pointer's arrival and shows no hover at
    // all (not even "Loading…"), or only another provider's part of it (the language's own), and
    // waits for the next move. A user moves the pointer again: so do we, off the word and back,
    // until the wanted hover shows, three times within the same total time.
    await retryPointer(
      timeout,
      async () => {
        await page.mouse.move(box.x - 30, box.y);
        await page.mouse.move(box.x, box.y, { steps: 4 });
      },
      hover,
    );
    return (await hover.innerText()).trim();
  };

  const openLedgerLens = async (): Promise<void> => {
    const item = page
      .locator(
        '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]',
      )
      .first();
    await item.waitFor({ timeout: patient(15_000) });
    const sidebarTitle = page.locator('.part.sidebar .composite.title', { hasText: /Ledger Lens/i });
    if (!(await sidebarTitle.isVisible())) await item.click();
    await sidebarTitle.waitFor({ timeout: patient(10_000) });
  };

  const expandView = async (title: string): Promise<Locator> => {
    const header = page.locator('.part.sidebar .pane-header', { hasText: title }).first();
    await header.waitFor({ timeout: patient(10_000) });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    return page.locator('.part.sidebar .pane', { has: header });
  };

  const statusBarItem = (id: string): Locator =>
    page.locator(`[id="${id.startsWith(EXTENSION_ID + '.') ? id : `${EXTENSION_ID}.${id}`}"]`);

  const notifications = async (): Promise<string[]> => {
    const toasts = page.locator('.notifications-toasts .notification-list-item-message');
    const shown = await toasts.allInnerTexts();
    if (shown.length) return shown.map(s => s.trim());
    // Toasts may have timed out: the notification center keeps them.
    await runCommand('Notifications: Show Notifications');
    const center = page.locator('.notifications-center .notification-list-item-message');
    const texts = (await center.allInnerTexts()).map(s => s.trim());
    await page.keyboard.press('Escape');
    return texts;
  };

  const reloadWindow = async (): Promise<void> => {
    const navigated = page.waitForEvent('framenavigated', {
      predicate: frame => frame === page.mainFrame(),
      timeout: patient(30_000),
    });
    await runCommand('Developer: Reload Window');
    await navigated;
    active = false;
    activeFile = undefined;
    await page.locator('.monaco-workbench').waitFor({ timeout: patient(60_000) });
    await page
      .locator(
        '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]',
      )
      .first()
      .waitFor({ timeout: patient(60_000) });
  };

  return {
    page,
    step: deps.step,
    workspace: deps.workspace,
    urls: deps.urls,
    control: deps.control,
    runCommand,
    openFile,
    revealLineOf,
    hoverText,
    treeItem: name => page.getByRole('treeitem', { name }),
    openLedgerLens,
    expandView,
    webviewFrame: () => page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame'),
    statusBarItem,
    tooltipOf,
    notifications,
    setSetting: async (key, value) => {
      deps.writeSetting(key, value);
      // The workbench watches settings.json; give its file watcher a moment before the next check.
      await page.waitForTimeout(700);
    },
    dismiss,
    reloadWindow,
  };
}

/** Text read from the workbench with its non-breaking spaces and runs of spaces made one space, lines kept. */
export function collapseSpaces(s: string): string {
  return s
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** The same, on one line: every run of whitespace, line breaks too, made one space. */
export function oneLine(s: string): string {
  return s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
