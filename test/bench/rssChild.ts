// Runs present.bench.ts's RSS measurement alone, in the fresh process present.bench.ts starts
// (node --expose-gc), and prints its row as one line of JSON.
import { rssGrowth } from './present.bench';

rssGrowth().then(
  row => {
    process.stdout.write(`${JSON.stringify(row)}\n`);
    process.exit(0);
  },
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
