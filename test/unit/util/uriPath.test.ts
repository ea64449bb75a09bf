import * as assert from 'assert';
import * as fc from 'fast-check';
import * as path from 'path';
import { pathUnder } from '../../../src/util/uriPath';

const segment = fc.stringMatching(/^[a-zA-Z0-9 ._@-]{1,8}$/).filter(s => s !== '.' && s !== '..');
const uriPath = fc.array(segment, { minLength: 0, maxLength: 5 }).map(parts => `/${parts.join('/')}`);

describe('pathUnder', () => {
  it("agrees with Node's path.posix.relative for every normalized path inside the folder", () => {
    fc.assert(
      fc.property(uriPath, fc.array(segment, { minLength: 1, maxLength: 4 }), (folder, rest) => {
        const file = `${folder === '/' ? '' : folder}/${rest.join('/')}`;
        assert.strictEqual(pathUnder(folder, file), path.posix.relative(folder, file));
      }),
      { numRuns: 1000 },
    );
  });

  it('answers undefined outside the folder, for the folder itself, and for a sibling sharing its prefix', () => {
    fc.assert(
      fc.property(uriPath, uriPath, (folder, file) => {
        const rel = path.posix.relative(folder, file);
        const inside = rel !== '' && rel !== '..' && !rel.startsWith('../');
        assert.strictEqual(pathUnder(folder, file) !== undefined, inside, `${folder} ${file}`);
      }),
      { numRuns: 1000 },
    );
    assert.strictEqual(pathUnder('/ws/app', '/ws/app'), undefined);
    assert.strictEqual(pathUnder('/ws/app', '/ws/app-old/x.ts'), undefined);
    assert.strictEqual(pathUnder('/ws/app/', '/ws/app/x.ts'), 'x.ts');
  });
});
