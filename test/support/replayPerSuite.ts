// One loopback mirror node replay for the enclosing mocha describe: started on an ephemeral port
// before its tests and closed after them; before each test, the requests it saw, the records a test
// added and any fault are cleared, so each test starts from the recordings alone.
import { startMirrorReplay, type MirrorReplay, type MirrorReplayOptions } from './mirrorReplay';

/** Call inside a describe; the returned function gives the replay in hooks and tests. */
export function replayPerSuite(options: MirrorReplayOptions = { port: 0 }): () => MirrorReplay {
  let replay: MirrorReplay | undefined;
  const started = (): MirrorReplay => {
    if (!replay) throw new Error('the replay starts in the suite’s before hook');
    return replay;
  };
  before(async () => {
    replay = await startMirrorReplay(options);
  });
  after(async () => {
    await replay?.close();
    replay = undefined;
  });
  beforeEach(() => {
    started().resetRequests();
    started().clearAddedRecords();
    started().setFault(undefined);
  });
  return started;
}
