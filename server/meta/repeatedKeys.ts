/**
 * Keys that appear twice in one JSON object, with the JSON pointer of the second. JSON.parse keeps the
 * last silently, so a label defined twice in one file would quietly lose its first wording; this scans
 * the text itself (the file already parsed, so it is valid JSON).
 */
export function repeatedKeys(text: string): { pointer: string; key: string }[] {
  const found: { pointer: string; key: string }[] = [];
  // one frame per open object or array: its pointer, its keys (objects) or the next index (arrays)
  const stack: { pointer: string; keys?: Set<string>; index: number; pendingKey?: string }[] = [];
  const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
  const childPointer = () => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    if (top.keys) return `${top.pointer}/${escape(top.pendingKey ?? '')}`;
    return `${top.pointer}/${top.index}`;
  };
  let i = 0;
  let expectingKey = false;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      let s = '';
      while (text[j] !== '"') {
        if (text[j] === '\\') {
          s += JSON.parse(`"${text.slice(j, text[j + 1] === 'u' ? j + 6 : j + 2)}"`) as string;
          j += text[j + 1] === 'u' ? 6 : 2;
        } else s += text[j++];
      }
      const top = stack[stack.length - 1];
      if (expectingKey && top?.keys) {
        if (top.keys.has(s)) found.push({ pointer: `${top.pointer}/${escape(s)}`, key: s });
        top.keys.add(s);
        top.pendingKey = s;
        expectingKey = false;
      }
      i = j + 1;
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push({ pointer: childPointer(), keys: c === '{' ? new Set() : undefined, index: 0 });
      expectingKey = c === '{';
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectingKey = false;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.keys) expectingKey = true;
      else if (top) top.index++;
    }
    i++;
  }
  return found;
}
