import { createContext, useContext } from 'react';

export interface LookupOption {
  id: number;
  label: string;
}

/**
 * Where lookups get their options: the engine provides it (its data provider), so a widget never fetches
 * by itself and works the same over any data source, a test's included.
 */
export interface LookupSource {
  /** rows whose label matches `q`, narrowed by a filter ({ field: { op, value } }) and a named rule of the entity */
  search(
    entity: string,
    p: { q?: string; filter?: Record<string, unknown>; scope?: { name: string; params: Record<string, unknown> } },
    signal: AbortSignal,
  ): Promise<LookupOption[]>;
  labels(entity: string, ids: number[], signal: AbortSignal): Promise<LookupOption[]>;
}

export const LookupSourceContext = createContext<LookupSource | null>(null);

export function useLookupSource(): LookupSource {
  const source = useContext(LookupSourceContext);
  if (!source) throw new Error('A lookup needs a LookupSourceContext provider (the engine gives one at the root).');
  return source;
}
