/**
 * Reports are written with named parameters (:date_from); PostgreSQL takes positional ones ($1).
 * Values are always bound, never spliced into the text, so a parameter can never change the query.
 * `::type` casts, comments and anything inside quotes ('hh24:mi', "Kamar :no") are left alone.
 */
const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|::|:([a-z][a-z0-9_]*)/g;

function replaceParameters(text: string, replace: (name: string) => string): string {
  return text.replace(TOKENS, (token, name: string | undefined) => (name ? replace(name) : token));
}

/** Every named parameter a statement uses, once each, in order of first use. */
export function parameterNames(text: string): string[] {
  const names: string[] = [];
  replaceParameters(text, (name) => {
    if (!names.includes(name)) names.push(name);
    return '';
  });
  return names;
}

export function compileNamedSql(text: string, params: Record<string, unknown>): { sql: string; values: unknown[] } {
  const order: string[] = [];
  const out = replaceParameters(text, (name) => {
    if (!(name in params)) throw new Error(`parameter :${name} has no value`);
    let i = order.indexOf(name);
    if (i < 0) {
      order.push(name);
      i = order.length - 1;
    }
    return `$${i + 1}`;
  });
  return { sql: out, values: order.map((n) => params[n]) };
}
