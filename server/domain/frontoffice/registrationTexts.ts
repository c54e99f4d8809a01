import { sql } from 'kysely';
import type { EntityHook } from '../../data/hooks.js';
import { conflict } from '../../http/errors.js';
import { formatDate } from '../../../src/core/format/format.js';

/**
 * A text a guest signs — a registration card's terms and consent, an optional purpose of personal data — may
 * already carry guests' signatures once in force, and a signed card names the version the guest agreed to
 * (UU 27/2022 PDP): its wording never changes once in force. A new wording is a new version; the old one can
 * only be retired (deactivated).
 */
function wordingKeptInForce(wording: string[]): EntityHook {
  return {
    async beforeWrite(c, mode, values, _virtual, before) {
      if (mode !== 'update' || !before) return;
      const rewording = wording.some((f) => f in values && values[f] !== before[f]);
      if (!rewording) return;
      const { rows } = await sql<{
        business_date: string;
      }>`SELECT business_date::text AS business_date FROM hotel_setup WHERE branch_id = ${c.auth.branchId}`.execute(c.trx);
      const inForceSince = String(before.effective_from);
      if (rows[0] && inForceSince <= rows[0].business_date) {
        throw conflict('registration-text.inForce', { version: before.text_version, date: formatDate(inForceSince) });
      }
    },
  };
}

export const registrationTextHook = wordingKeptInForce(['terms', 'consent', 'language', 'text_version']);
export const consentPurposeHook = wordingKeptInForce(['heading', 'text', 'language', 'text_version']);
