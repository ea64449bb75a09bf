// Selections by path pattern for the streaming JSON reader (jsonStream.ts): the values at some
// paths taken, at others noted, the containers on the way walked into, everything else skipped.
// Pure.
import type { JsonKey, JsonSelection } from './jsonStream';

/** A path pattern: keys, `*` for any key or index. */
export type JsonPattern = readonly string[];

interface PatternNode {
  readonly children: Map<string, PatternNode>;
  action?: 'take' | 'note';
}

/**
 * A `select` from patterns: the values at `take` patterns are taken, those at `note` patterns
 * noted, the containers on the way to either walked into, everything else skipped.
 */
export function selectPaths(rules: {
  readonly take?: readonly JsonPattern[];
  readonly note?: readonly JsonPattern[];
}): (path: readonly JsonKey[]) => JsonSelection {
  const root: PatternNode = { children: new Map() };
  const add = (pattern: JsonPattern, action: 'take' | 'note') => {
    let node = root;
    for (const key of pattern) {
      let child = node.children.get(key);
      if (child === undefined) node.children.set(key, (child = { children: new Map() }));
      node = child;
    }
    node.action ??= action;
  };
  for (const p of rules.take ?? []) add(p, 'take');
  for (const p of rules.note ?? []) add(p, 'note');
  return path => {
    let nodes: PatternNode[] = [root];
    for (const key of path) {
      const name = String(key);
      const next: PatternNode[] = [];
      for (const node of nodes) {
        const exact = node.children.get(name);
        if (exact) next.push(exact);
        const any = name === '*' ? undefined : node.children.get('*');
        if (any) next.push(any);
      }
      if (next.length === 0) return 'skip';
      nodes = next;
    }
    if (nodes.some(n => n.action === 'take')) return 'take';
    if (nodes.some(n => n.action === 'note')) return 'note';
    return nodes.some(n => n.children.size > 0) ? 'enter' : 'skip';
  };
}
