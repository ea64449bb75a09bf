// The topic part of the real-mirror suite alone: starts the real server with the topic sets only
// and runs the suite's topic tests (suite/topics.test.ts) in code-server's extension host, from
// whichever compiled tree this file is in. The whole suite (run.ts) runs them with everything else.
//
//   node out/test/real-mirror/topicsRun.js
import * as path from 'path';
import { runExtensionHostTests } from '../harness/exthost';
import { startRealMirror, unavailableReason, urlsOf } from '../harness/realMirror';

const TOPIC_SETS = ['topics', 'topic-lookup', 'topic-chunks'];

async function main(): Promise<number> {
  const why = unavailableReason();
  if (why) {
    console.log(`real-mirror topics: NOT RUN: ${why}`);
    return 0;
  }
  const mirror = await startRealMirror({ sets: TOPIC_SETS });
  try {
    for (const s of Object.values(mirror.sets))
      console.log(`  ${s.name.padEnd(13)} ${s.url}  ${s.report.loaded.map(l => l.spec).join(', ')}`);
    const r = await runExtensionHostTests({
      testsPath: path.join(__dirname),
      env: { LEDGER_LENS_REAL_MIRROR: JSON.stringify(urlsOf(mirror)) },
      grep: 'real mirror node: topic messages',
      timeoutMs: 8 * 60_000,
    });
    console.log(`real-mirror topics: ${r.passed} passed, ${r.failed} failed`);
    return r.failed > 0 || r.passed === 0 ? 1 : 0;
  } finally {
    await mirror.stop();
  }
}

main().then(
  code => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
