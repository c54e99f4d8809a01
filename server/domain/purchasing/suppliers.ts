import type { EntityHook } from '../../data/hooks.js';
import { invalid } from '../../http/errors.js';
import { formatNpwp, npwpDigits } from './npwp.js';

/** A supplier's NPWP is checked and kept as its digits, and read back the way it is written on a tax invoice. */
export const supplierHook: EntityHook = {
  async beforeWrite(_c, _mode, values) {
    if (typeof values.email === 'string') values.email = values.email.trim().toLowerCase() || null;
    if (values.npwp === undefined || values.npwp === null) return;
    const text = String(values.npwp).trim();
    if (text === '') {
      values.npwp = null;
      return;
    }
    const digits = npwpDigits(text);
    if (!digits) throw invalid([{ field: 'npwp', key: 'supplier.npwpInvalid', params: { npwp: text } }]);
    values.npwp = digits;
  },
  async decorate(_c, rows) {
    for (const row of rows) if (typeof row.npwp === 'string') row.npwp = formatNpwp(row.npwp);
  },
};
