import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';
import { taxPartyHook } from '../finance/npwp.js';

/**
 * A business account: NPWP and e-mail kept like any invoiced party's, and an account the city ledger may bill
 * carries a credit limit (the receivables check every charge against it).
 */
export const accountHook: EntityHook = {
  async beforeWrite(c, mode, values, virtual, before) {
    await taxPartyHook.beforeWrite!(c, mode, values, virtual, before);
    const merged = { ...before, ...values };
    if (merged.city_ledger === true && (merged.credit_limit === null || merged.credit_limit === undefined))
      throw invalid([{ field: 'credit_limit', key: 'account.creditNeedsLimit', params: {} }]);
  },
  decorate: taxPartyHook.decorate,
};
