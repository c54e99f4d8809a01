import Decimal from 'decimal.js';
import type { HookContext } from '../../../data/hooks.js';
import { forbidden } from '../../../http/errors.js';
import { hasRight } from '../../../http/rbac.js';
import { formatMoney } from '../../../../src/core/format/format.js';
import { purchasingSettings } from './numbering.js';

/**
 * Approval by amount: up to the property's purchase approval limit the document's `approve` right is enough
 * (a department head); above it the approver also needs `approve-large` (the financial controller or the GM).
 * Checked here, on the server, whatever the screen offered.
 */
export async function refuseOverLimit(c: HookContext, resource: string, total: unknown, number: unknown) {
  const { approval_limit } = await purchasingSettings(c.trx, c.auth.branchId);
  if (new Decimal(String(total ?? 0)).lte(approval_limit) || hasRight(c.auth, resource, 'approve-large')) return;
  throw forbidden('purchasing.overApprovalLimit', { number, total: formatMoney(String(total)), limit: formatMoney(approval_limit) });
}
