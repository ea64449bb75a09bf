// Decoding in the browser with the sample workspace's Hardhat artifacts, read through
// vscode.workspace.fs by the web worker: a contract call whose contract runs MyToken's runtime
// bytecode reads as `MyToken.transfer(…) → true` in the hover of its transaction id.
import * as fs from 'fs';
import * as path from 'path';
import { collapseSpaces, expectIncludes, type Scenario } from '../../driver';
import { DECODE_DEMO, decodeRecords, hoverDecodedDemo } from '../../scenarios/decode';
import { ledgerLensLogLines } from '../webDriver';

const FILE = 'decode-web-demo.ts';

export const scenario: Scenario = {
  name: 'decode',
  settings: { 'ledgerLens.network': 'testnet' },
  async run(d) {
    await d.control.addRecords(decodeRecords(d.workspace));
    const file = path.join(d.workspace, FILE);
    fs.writeFileSync(file, `// A token transfer made by MyToken\nconst tx = '${DECODE_DEMO.tx}';\n`);
    try {
      await d.step('hover the transaction id: the call decoded with MyToken’s artifact', async () => {
        const text = collapseSpaces(await hoverDecodedDemo(d, FILE));
        expectIncludes(text, 'Call: MyToken.transfer(to: 0.0.1234, amount: 1,500 (raw units)) → true', 'the one-liner');
        return { hover: text.slice(0, 300) };
      });

      await d.step('the log says the workspace’s ABIs were indexed (vscode.workspace.fs in the browser)', async () => {
        await d.dismiss();
        const lines = await ledgerLensLogLines(d, /ABIs|Sources/);
        if (!lines.some(l => /ABIs: .*\d+ (ABI|contract)/.test(l)))
          throw new Error(`no ABI index line: ${lines.join(' | ')}`);
        return { lines };
      });
    } finally {
      fs.rmSync(file, { force: true });
    }
  },
};
