// What a failed frame's revert asks of the compiler output: the decoded error as the revert-site
// search takes it (a custom error by name and selector, an Error(string), a Panic code, an empty
// revert). Pure.
import type { RevertAnswer } from '../abi/types';
import type { RevertToFind } from '../source/types';
import type { FrameResult } from './types';

/** The error the site must produce, from what the frame's revert decoded to; undefined when none fits. */
export function revertToFind(result: FrameResult): RevertToFind | undefined {
  if (result.kind !== 'revert') return undefined;
  return fromAnswer(result.revert);
}

function fromAnswer(answer: RevertAnswer): RevertToFind | undefined {
  switch (answer.kind) {
    case 'custom': {
      const [first] = answer.candidates;
      return first ? { kind: 'custom', name: first.name, selector: first.selector } : undefined;
    }
    case 'error-string':
      return { kind: 'error-string', reason: answer.reason };
    case 'panic':
      return { kind: 'panic', code: answer.code };
    case 'empty':
      return { kind: 'empty' };
    case 'raw':
      // An error no known ABI decodes: no name to look for in the source.
      return undefined;
  }
}
