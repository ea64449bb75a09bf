import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { BUILD_VERSION, userAgent } from '../../../src/net';
import { projectRoot } from '../../support/paths';

describe('net/userAgent', () => {
  it('the default version is the one in package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { version: string };
    assert.strictEqual(BUILD_VERSION, pkg.version);
    assert.strictEqual(userAgent(), `LedgerLens/${pkg.version}`);
  });

  it('keeps a passed version to header-safe characters', () => {
    assert.strictEqual(userAgent('1.2.3-beta+4'), 'LedgerLens/1.2.3-beta+4');
    assert.strictEqual(userAgent('1.0\r\nX-Evil: 1'), 'LedgerLens/1.0X-Evil1');
    assert.strictEqual(userAgent('\r\n'), `LedgerLens/${BUILD_VERSION}`);
  });
});
