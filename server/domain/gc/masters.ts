import Decimal from 'decimal.js';
import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';

/** A cash-advance setup's limit is an amount of money above nothing. */
export const advanceSetupHook: EntityHook = {
  async beforeWrite(_c, _mode, values) {
    if (values.max_amount === undefined) return;
    const max = new Decimal(String(values.max_amount));
    if (!max.isPositive() || max.isZero()) throw invalid([{ field: 'max_amount', key: 'advance-setup.maxPositive', params: {} }]);
  },
};
