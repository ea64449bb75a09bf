// Pretty-printing a JSON body without parsing it, so every digit stays as the server sent it.
// Pure (no vscode).

/** Re-indents JSON text token by token; strings and numbers are copied verbatim. */
export function prettyJson(text: string, indent = 2): string {
  const out: string[] = [];
  let depth = 0;
  let i = 0;
  const n = text.length;
  const pad = () => '\n' + ' '.repeat(depth * indent);
  while (i < n) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    if (ch === '{' || ch === '[') {
      // Keep empty containers on one line.
      let j = i + 1;
      while (j < n && /\s/.test(text[j])) j++;
      const close = ch === '{' ? '}' : ']';
      if (text[j] === close) {
        out.push(ch + close);
        i = j + 1;
        continue;
      }
      depth++;
      out.push(ch, pad());
    } else if (ch === '}' || ch === ']') {
      depth = Math.max(0, depth - 1);
      out.push(pad(), ch);
    } else if (ch === ',') {
      out.push(',', pad());
    } else if (ch === ':') {
      out.push(': ');
    } else if (!/\s/.test(ch)) {
      let j = i;
      while (j < n && !/[\s,:{}[\]"]/.test(text[j])) j++;
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    i++;
  }
  return out.join('') + '\n';
}
