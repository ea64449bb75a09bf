// Where Ledger Lens runs when code-server has only its browser entry (the web-only package): the
// Running Extensions editor lists it as an extension of the web worker extension host, and its own
// log says it was activated from the browser entry. Every other web scenario means something only
// if this one passes.
import { expectIncludes, type Scenario } from '../../driver';
import { outputText, runningExtensionRow, WEB_HOST_LINE, WEB_WORKER_LABEL } from '../webDriver';

export const scenario: Scenario = {
  name: 'host',
  settings: { 'ledgerLens.network': 'testnet' },
  async run(d) {
    const { step } = d;

    await step('Running Extensions lists Ledger Lens in the web worker extension host', async () => {
      const row = await runningExtensionRow(d);
      expectIncludes(row, WEB_WORKER_LABEL, 'the row says where the extension runs');
      const ms = /(\d+)\s*ms/.exec(row)?.[1];
      return { row: row.slice(0, 200), activationMs: ms === undefined ? undefined : Number(ms) };
    });

    await step('its log says the browser entry activated it, and no Node entry ran', async () => {
      await d.dismiss();
      const text = await outputText(d, 'Ledger Lens', WEB_HOST_LINE);
      const line = text.slice(text.indexOf(WEB_HOST_LINE), text.indexOf(WEB_HOST_LINE) + 200);
      // No Node entry ran beside it: one activation line, the browser's.
      if (text.includes('the Node extension host')) throw new Error(`the Node entry ran too: ${text.slice(0, 400)}`);
      return { line };
    });
  },
};
