// The first-run walkthrough as a new user walks it: open "Get started with Ledger Lens" from the
// palette, then each step through its own button: Select network, Add account (0.0.8, the replay
// knows it), Open a sample file and hover its id, Lookup transaction. Each step is then ticked. Also
// reads Ledger Lens's activation time as the extension host measured it (Show Running Extensions)
// and reports it (the goal is the bench's).
import { readActivationMs } from '../../harness/activation';
import { expectIncludes, type Scenario } from '../driver';
import { patient } from '../../support/patience';

const TITLE = 'Get started with Ledger Lens';
const TX = '0.0.10-1234567890-000000001';

export const scenario: Scenario = {
  name: 'walkthrough',
  settings: { 'ledgerLens.accounts': [] },
  async run({ page, step, runCommand, hoverText, treeItem, webviewFrame, dismiss }) {
    const quickInput = page.locator('.quick-input-widget');
    const box = quickInput.locator('.quick-input-box input');
    const stepButton = (id: string) => page.locator(`button.getting-started-step[data-step-id$="${id}"]`).first();
    const action = (label: string) =>
      page.locator('.step-description-container').locator('a, .monaco-button', { hasText: label }).first();
    const openStep = async (id: string, label: string): Promise<void> => {
      await stepButton(id).click();
      // The page animates the step open and moves the focus into it: let it settle first.
      await page.waitForTimeout(800);
      await action(label).waitFor({ state: 'visible', timeout: patient(10_000) });
      await action(label).click();
    };
    const openWalkthrough = async (): Promise<void> => {
      await runCommand('Open Walkthrough...', { opensInput: true });
      const row = quickInput.locator('.quick-input-list .monaco-list-row', { hasText: TITLE }).first();
      await row.waitFor({ timeout: patient(15_000) });
      await row.click();
      await page
        .locator('.gettingStartedContainer', { hasText: TITLE })
        .first()
        .waitFor({ timeout: patient(15_000) });
    };
    /** Back to the walkthrough's tab (a step's command may have opened another editor). */
    const backToWalkthrough = async (): Promise<void> => {
      await dismiss();
      const tab = page.locator('.tabs-container .tab', { hasText: 'Welcome' }).first();
      if (await tab.count()) await tab.click();
      else await openWalkthrough();
      await page
        .locator('.gettingStartedContainer', { hasText: TITLE })
        .first()
        .waitFor({ timeout: patient(15_000) });
    };
    /**
     * Waits for the picker a walkthrough button opened; when it closed at once (the walkthrough page
     * took the focus back), opens the same command from the palette. Says which way it went.
     */
    const pickerOrPalette = async (rowText: string, paletteTitle: string): Promise<string> => {
      const row = quickInput.locator('.quick-input-list .monaco-list-row', { hasText: rowText }).first();
      try {
        await row.waitFor({ timeout: 4000 });
        await row.click({ timeout: 3000 });
        return 'the walkthrough button';
      } catch {
        await dismiss();
        await runCommand(paletteTitle, { opensInput: true });
        await row.click({ timeout: patient(10_000) });
        return 'the palette (the picker opened from the walkthrough closed on focus loss)';
      }
    };
    const checked = async (id: string): Promise<boolean> =>
      (await stepButton(id).getAttribute('aria-checked')) === 'true';

    const opened = await step('the walkthrough opens from the palette with its four steps', async () => {
      await openWalkthrough();
      const titles = await page.locator('button.getting-started-step .step-title').allInnerTexts();
      for (const t of ['Pick your network', 'Add an account', 'Hover an id', 'Look up a transaction'])
        expectIncludes(titles.join(' | '), t, 'step titles');
      return { steps: titles.map(t => t.trim()) };
    });
    if (!opened) return;

    await step('Pick your network: its button opens Select network; choosing previewnet ticks the step', async () => {
      await openStep('network', 'Select network');
      // Another network than the current one: the step is done when ledgerLens.network changes.
      const via = await pickerOrPalette('previewnet', 'Ledger Lens: Select network');
      await page
        .locator('button.getting-started-step[data-step-id$="network"][aria-checked="true"]')
        .waitFor({ timeout: patient(10_000) });
      return { checked: await checked('network'), via };
    });

    await step('Add an account: its button adds 0.0.8, which the Accounts view then shows', async () => {
      await openStep('account', 'Add account');
      let via = 'the walkthrough button';
      for (let attempt = 1; ; attempt++) {
        // The walkthrough page can take the focus back and close the box it opened: bounded waits
        // for the button's box, then the palette's way (patient).
        const wait = attempt === 1 ? 4000 : patient(10_000);
        try {
          await box.waitFor({ state: 'visible', timeout: wait });
          await box.fill('0.0.8', { timeout: wait });
        } catch (e) {
          if (attempt >= 2) throw e;
          via = 'the palette (the box opened from the walkthrough closed on focus loss)';
          await dismiss();
          await runCommand('Ledger Lens: Add account', { opensInput: true });
          continue;
        }
        await page.keyboard.press('Enter');
        await quickInput
          .locator('.quick-input-title', { hasText: 'Label for 0.0.8' })
          .waitFor({ timeout: patient(15_000) });
        await page.keyboard.press('Enter');
        const user = quickInput.locator('.quick-input-list .monaco-list-row', { hasText: 'User settings' }).first();
        try {
          await user.waitFor({ timeout: 4000 });
          // Bounded: a row of a picker that is closing stays visible but never takes the click (the
          // page's default timeout, 20 s, was spent here on every run before the palette's way).
          await user.click({ timeout: 3000 });
          break;
        } catch (e) {
          // The scope picker lost focus to the walkthrough page and closed: the palette's way.
          if (attempt >= 2) throw e;
          via = 'the palette (the picker opened from the walkthrough closed on focus loss)';
          await dismiss();
          await runCommand('Ledger Lens: Add account', { opensInput: true });
        }
      }
      const added = treeItem(/^0\.0\.8, /);
      await added.waitFor({ timeout: patient(20_000) });
      return { added: await added.getAttribute('aria-label'), via };
    });

    await step('Hover an id: its button opens the sample file, and hovering 0.0.8 shows the account', async () => {
      // Its tab, or the palette's Open Walkthrough (there is no "Welcome: <title>" command: asking
      // for one cost 30 s of waiting on every run).
      await backToWalkthrough();
      await openStep('hover', 'Open a sample file');
      // A read-only document with a name of its own, not an untitled buffer.
      const sample = page.locator('.tabs-container .tab', { hasText: 'Ledger Lens sample.ts' }).first();
      await sample.waitFor({ timeout: patient(15_000) });
      // The walkthrough page may take the focus back as the step completes: make the sample active.
      await page.waitForTimeout(500);
      await sample.click();
      const text = await hoverText("'0.0.8'", { waitFor: 'Account' }).catch(async () => {
        await sample.click();
        return hoverText("'0.0.8'", { waitFor: 'Account' });
      });
      expectIncludes(text, '0.0.8', 'the hover names the account');
      return { hover: text.replace(/\s+/g, ' ').slice(0, 160) };
    });

    await step('Look up a transaction: its button asks for an id and opens the transaction', async () => {
      await backToWalkthrough();
      await openStep('lookup', 'Lookup transaction');
      let via = 'the walkthrough button';
      const prompt = quickInput.locator('.quick-input-message, .quick-input-title', { hasText: /HashScan/ }).first();
      try {
        await prompt.waitFor({ timeout: 4000 });
        await box.fill(TX, { timeout: 4000 });
      } catch {
        via = 'the palette (the box opened from the walkthrough closed on focus loss)';
        await dismiss();
        await runCommand('Ledger Lens: Lookup transaction', { opensInput: true });
        await box.fill(TX);
      }
      await page.keyboard.press('Enter');
      await quickInput.waitFor({ state: 'hidden', timeout: patient(10_000) });
      const frame = webviewFrame();
      await frame
        .locator('dd[data-field="Type"]')
        .first()
        .waitFor({ timeout: patient(30_000) });
      return { title: await frame.locator('h1').first().innerText(), via };
    });

    await step('every step of the walkthrough is ticked', async () => {
      await backToWalkthrough();
      await stepButton('lookup').waitFor({ timeout: patient(10_000) });
      const state: Record<string, boolean> = {};
      for (const id of ['network', 'account', 'hover', 'lookup']) state[id] = await checked(id);
      const unticked = Object.entries(state).filter(([, v]) => !v);
      if (unticked.length) throw new Error(`not ticked: ${unticked.map(([k]) => k).join(', ')}`);
      return state;
    });

    // The figure is read and reported; the goal (≤ 20 ms of our own CPU time) is judged by
    // `npm run bench -- footprint`, not here, where a busy machine's wall clock would decide it.
    await step('the extension host recorded the activation of Ledger Lens', async () => {
      const ms = await readActivationMs(page, title => runCommand(title));
      if (!Number.isFinite(ms) || ms <= 0) throw new Error(`no activation time was recorded (read ${ms})`);
      return { activationMs: ms, goal: '≤ 20 ms CPU time (npm run bench -- footprint)' };
    });
  },
};
