// The mirror node's schema migrations as one psql script, in Flyway's order, with Flyway's
// placeholders filled in as the importer's tests fill them (no Flyway, no Java here). Pure: unit
// tested in test/unit/support/realMirrorSql.test.ts.

/** Flyway placeholders of the importer's migrations, with the values its tests use. */
export const PLACEHOLDERS: Readonly<Record<string, string>> = {
  'db-user': 'mirror_node',
  'api-user': 'mirror_api',
  'api-password': 'mirror_api_pass',
  'db-name': 'mirror_node',
  partitionStartDate: "'1970-01-01'",
  partitionTimeInterval: "'10years'",
  topicRunningHashV2AddedTimestamp: '0',
  transactionHashLookbackInterval: "'60days'",
  schema: 'public',
  tempSchema: 'temporary',
  hashShardCount: '2',
  shardCount: '2',
};

/** Flyway's order: versioned migrations by numeric version (1.10 after 1.9), then repeatable ones by name. */
export function migrationOrder(files: readonly string[]): string[] {
  const version = (f: string): number[] => (/^V([\d.]+)__/.exec(f)?.[1] ?? '').split('.').map(Number);
  const compare = (a: string, b: string): number => {
    const va = version(a);
    const vb = version(b);
    for (let i = 0; i < Math.max(va.length, vb.length); i++) {
      const d = (va[i] ?? 0) - (vb[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  };
  const versioned = files.filter(f => /^V[\d.]+__.*\.sql$/.test(f)).sort(compare);
  const repeatable = files.filter(f => /^R__.*\.sql$/.test(f)).sort();
  return [...versioned, ...repeatable];
}

/**
 * One script for every migration, in the given order: each file announced (so the log names the
 * one that fails), in its own transaction as Flyway runs it unless it creates an index
 * concurrently (which cannot run in one), and recorded in flyway_schema_history, which one of the
 * migrations reads.
 */
export function migrationScript(migrations: readonly { file: string; sql: string }[]): string {
  return migrations
    .map(({ file, sql }, i) => {
      const filled = sql.replace(/\$\{([\w-]+)\}/g, (whole, name: string) => PLACEHOLDERS[name] ?? whole);
      const version = /^V([\d.]+)__/.exec(file)?.[1];
      const description = file
        .replace(/^[VR][\d.]*__/, '')
        .replace(/\.sql$/, '')
        .replace(/_/g, ' ')
        .replace(/'/g, "''");
      const history =
        `insert into flyway_schema_history values (${i + 1}, ${version ? `'${version}'` : 'null'}, ` +
        `'${description}', 'SQL', '${file.replace(/'/g, "''")}', 0, 'mirror_node', now(), 1, true);`;
      const body = /concurrently/i.test(filled)
        ? `${filled}\n;\n${history}\n`
        : `begin;\n${filled}\n;\n${history}\ncommit;\n`;
      return `\\echo applying migration ${file}\n${body}`;
    })
    .join('');
}
