// The real mirror node harness's pure parts: Flyway's migration order and the psql script built
// from the migrations, and the data sets' shape.
import * as assert from 'assert';
import { migrationOrder, migrationScript } from '../../harness/realMirrorSql';
import { DATASETS, SUITE_SETS } from '../../real-mirror/datasets';
import { OWN_SETUPS } from '../../real-mirror/own';

describe('real mirror node harness (pure parts)', () => {
  it('orders versioned migrations by number, not text, then the repeatable ones by name', () => {
    const files = [
      'R__b.sql',
      'V1.10.0__ten.sql',
      'V1.9.1__nine_one.sql',
      'README.md',
      'V1.9__nine.sql',
      'R__a.sql',
      'V2.0.0__two.sql',
      'V1.0__init.sql',
    ];
    assert.deepStrictEqual(migrationOrder(files), [
      'V1.0__init.sql',
      'V1.9__nine.sql',
      'V1.9.1__nine_one.sql',
      'V1.10.0__ten.sql',
      'V2.0.0__two.sql',
      'R__a.sql',
      'R__b.sql',
    ]);
  });

  it('fills the placeholders, wraps each file in its own transaction unless it indexes concurrently, and records it', () => {
    const script = migrationScript([
      { file: 'V1.0__create_it.sql', sql: 'create table t (id int) owner ${db-user}; -- ${unknown}' },
      { file: 'V1.1__index.sql', sql: 'create index concurrently if not exists i on t (id);' },
      { file: "R__it's.sql", sql: 'select 1;' },
    ]);
    assert.ok(script.includes('owner mirror_node;'), script);
    assert.ok(script.includes('${unknown}'), 'an unknown placeholder is left for psql to refuse');
    const parts = script.split('\\echo applying migration ').slice(1);
    assert.strictEqual(parts.length, 3);
    assert.match(
      parts[0],
      /^V1\.0__create_it\.sql\nbegin;\n[\s\S]*values \(1, '1\.0', 'create it', 'SQL', 'V1\.0__create_it\.sql'[\s\S]*commit;\n$/,
    );
    assert.ok(!parts[1].includes('begin;'), 'CREATE INDEX CONCURRENTLY outside a transaction');
    assert.match(parts[1], /values \(2, '1\.1', 'index'/);
    assert.match(parts[2], /values \(3, null, 'it''s', 'SQL', 'R__it''s\.sql'/);
  });

  it('every set has specs or data of ours and a name matching its key; the suite sets exist; a set never repeats a spec', () => {
    for (const [key, set] of Object.entries(DATASETS)) {
      assert.strictEqual(set.name, key);
      assert.ok(set.specs.length + set.own.length > 0, key);
      for (const own of set.own) assert.ok(own in OWN_SETUPS, `${key}: no own setup ${own}`);
      assert.strictEqual(new Set(set.specs).size, set.specs.length, `${key} repeats a spec`);
      for (const spec of set.specs) assert.match(spec, /^[\w{}./-]+\.json$/, spec);
    }
    for (const name of SUITE_SETS) assert.ok(DATASETS[name], name);
    assert.ok(!(SUITE_SETS as readonly string[]).includes('demo'), 'the demo set is for npm start only');
  });
});
