import type { LookupSource } from '../../widgets/inputs/lookupSource';
import { dataProvider, type FilterValue } from './dataProvider';

/** The engine's answer to the widgets' lookups: the entity's `/lookup` endpoint, through the data provider. */
export const engineLookupSource: LookupSource = {
  async search(entity, p, signal) {
    return (
      await dataProvider.lookup(entity, { q: p.q, filter: p.filter as Record<string, FilterValue> | undefined, scope: p.scope }, signal)
    ).rows;
  },
  async labels(entity, ids, signal) {
    return (await dataProvider.lookup(entity, { ids }, signal)).rows;
  },
};
