import Decimal from 'decimal.js';
import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';
import type { FieldProblem } from '../../../src/core/checks/errorMessages.js';

/** The checks of a dynamic-rate rule, with sentences a revenue manager can act on (the database checks the same). */
export const dynamicRateHook: EntityHook = {
  async beforeWrite(_c, _mode, values, _virtual, before) {
    const v = { ...before, ...values } as Record<string, string | null>;
    const problems: FieldProblem[] = [];
    if (v.date_from && v.date_to && v.date_to < v.date_from)
      problems.push({ field: 'date_to', key: 'dynamic-rate.datesOrder', params: {} });
    if (v.occupancy_from != null && v.occupancy_to != null && !new Decimal(v.occupancy_to).gt(v.occupancy_from)) {
      problems.push({ field: 'occupancy_to', key: 'dynamic-rate.bandOrder', params: {} });
    }
    if (
      v.adjustment_type === 'percent' &&
      v.adjustment != null &&
      (new Decimal(v.adjustment).lt(-100) || new Decimal(v.adjustment).gt(500))
    ) {
      problems.push({ field: 'adjustment', key: 'dynamic-rate.percentRange', params: {} });
    }
    if (problems.length) throw invalid(problems);
  },
};
