import dayjs from 'dayjs';
import type { EntityHook } from '../../data/hooks.js';
import { nextNumber } from '../../data/numbering.js';
import { conflict, invalid } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';

/** How long a found item is kept before it may be disposed of; valuables twice as long. */
const KEEP_DAYS = 90;
const VALUABLE = ['jewellery', 'money', 'documents', 'electronics'];

/**
 * A found item (housekeeping/lost-found), numbered LF-YYYYMM-####: it was found in a room or a place; it is
 * kept until its keeping date; it leaves once — returned (to whom, when) or disposed of, never before its
 * keeping date — and does not come back.
 */
export const lostFoundHook: EntityHook = {
  async beforeWrite(c, mode, values, _virtual, before) {
    const row = { ...before, ...values } as Record<string, unknown>;
    if (!row.room_id && !row.place) throw invalid([{ field: 'place', key: 'lost-found.where', params: {} }]);
    if (mode === 'create') {
      const found = String(values.found_on);
      const days = VALUABLE.includes(String(values.category)) ? KEEP_DAYS * 2 : KEEP_DAYS;
      values.keep_until = dayjs(found).add(days, 'day').format('YYYY-MM-DD');
      if (!values.number) values.number = await nextNumber(c.trx, c.auth.branchId, 'hk_lost_found', `LF-${dayjs(found).format('YYYYMM')}-`);
    }
    if (before && before.status !== 'kept' && values.status !== undefined && values.status !== before.status)
      throw conflict('lost-found.alreadyLeft');
    if (row.status === 'returned') {
      const problems = [];
      if (!row.returned_to) problems.push({ field: 'returned_to', key: 'error.required', params: {} });
      if (!row.returned_on) problems.push({ field: 'returned_on', key: 'error.required', params: {} });
      else if (String(row.returned_on) < String(row.found_on))
        problems.push({ field: 'returned_on', key: 'lost-found.beforeFound', params: {} });
      if (problems.length) throw invalid(problems);
    }
    if (row.status === 'disposed') {
      if (!row.disposed_on) throw invalid([{ field: 'disposed_on', key: 'error.required', params: {} }]);
      const keep = String(row.keep_until ?? values.keep_until);
      if (String(row.disposed_on) < keep)
        throw invalid([{ field: 'disposed_on', key: 'lost-found.tooEarly', params: { date: formatDate(keep) } }]);
    }
  },
};
