/**
 * Reports are written with named parameters (:date_from); PostgreSQL takes positional ones ($1).
 * Values are always bound, never spliced into the text, so a parameter can never change the query.
 * `::type` casts are left alone.
 */
export function compileNamedSql(text: string, params: Record<string, unknown>): { sql: string; values: unknown[] } {
  const order: string[] = [];
  const out = text.replace(/(?<!:):([a-z][a-z0-9_]*)/g, (_, name: string) => {
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
