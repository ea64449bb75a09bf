// Two decodings of one contract's storage side by side ("as of" two moments): each path whose value
// differs. Paths join labels as Solidity reads them: `goal`, `largest.amount`, `pledges[1].backer`,
// `pledged[0x…03e9]`; a dynamic array's or string's length is `<path>.length`; a slot the layout
// does not explain is `slot 0x…`. Pure.
import type { DecodedState, DecodedStateEntry } from './stateDecodeParts';

/** Path → value of every leaf (and length) of a decoding, in the order it lists them. */
function flatten(state: DecodedState): Map<string, string> {
  const values = new Map<string, string>();
  const walk = (entry: DecodedStateEntry, parent: string | undefined): void => {
    const path =
      parent === undefined
        ? entry.label
        : entry.label.startsWith('[')
          ? parent + entry.label
          : `${parent}.${entry.label}`;
    if (entry.value !== undefined) values.set(path, entry.value);
    if (entry.length !== undefined && entry.value === undefined) values.set(`${path}.length`, entry.length);
    for (const child of entry.children ?? []) walk(child, path);
  };
  for (const variable of state.variables) walk(variable, undefined);
  for (const { slot, value } of state.unexplained) values.set(`slot ${slot}`, value);
  return values;
}

/** Two decodings of one layout side by side: each path whose value differs (absent on one side: undefined). */
export function compareStates(
  before: DecodedState,
  after: DecodedState,
): { readonly path: string; readonly before?: string; readonly after?: string }[] {
  const [a, b] = [flatten(before), flatten(after)];
  // In the order of the later decoding, each path only the earlier one has placed after the path
  // before it that both have: a removed pledge's members stay beside the pledges.
  const removedAfter = new Map<string | undefined, string[]>();
  let previous: string | undefined;
  for (const path of a.keys()) {
    if (b.has(path)) previous = path;
    else removedAfter.set(previous, [...(removedAfter.get(previous) ?? []), path]);
  }
  const order = [...(removedAfter.get(undefined) ?? [])];
  for (const path of b.keys()) order.push(path, ...(removedAfter.get(path) ?? []));
  const changes: { path: string; before?: string; after?: string }[] = [];
  for (const path of order) {
    const [was, is] = [a.get(path), b.get(path)];
    if (was === is) continue;
    changes.push({ path, ...(was === undefined ? {} : { before: was }), ...(is === undefined ? {} : { after: is }) });
  }
  return changes;
}
