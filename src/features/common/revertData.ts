// The decoder a server error's `data` is read with where it is revert data: the ABI layer's
// decodeRevert over the ABIs indexed (built-in and the workspace's), in its one-line format. Kept
// here so src/present (the words of every failure) never imports src/abi: features hand it in.
import { formatRevert, type AbiIndex } from '../../abi';
import type { DataDecoder } from '../../present/errors';

/** Error(string), Panic(uint256) and every custom error the index knows; undefined otherwise. */
export function revertDataDecoder(index: Pick<AbiIndex, 'decodeRevert'>): DataDecoder {
  return hex => {
    const answer = index.decodeRevert(hex);
    return answer.kind === 'raw' || answer.kind === 'empty' ? undefined : formatRevert(answer, { maxChars: 200 });
  };
}

/** `describeMirrorError`'s decoder option where ABIs are at hand; nothing without them. */
export function revertDecoding(index: Pick<AbiIndex, 'decodeRevert'> | undefined): { decodeData?: DataDecoder } {
  return index ? { decodeData: revertDataDecoder(index) } : {};
}
