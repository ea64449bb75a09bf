// Terminal links in a browser: vscode.dev and github.dev have no terminal, which the log says once.
import * as assert from 'assert';
import { terminalHostNote } from '../../../src/features/terminal/links';
import { NODE_PLATFORM, usePlatform, WEB_PLATFORM } from '../../../src/util/platform';

describe('terminal links: the host', () => {
  afterEach(() => usePlatform(NODE_PLATFORM));

  it('in a browser, says where they work', () => {
    usePlatform(WEB_PLATFORM);
    assert.strictEqual(
      terminalHostNote(),
      'terminal links work where the workbench has a terminal (not on vscode.dev/github.dev)',
    );
  });

  it('in Node, says nothing', () => {
    assert.strictEqual(terminalHostNote(), undefined);
  });
});
