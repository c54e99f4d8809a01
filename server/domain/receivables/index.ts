import type { DomainModule } from '../types.js';
import { applyCredit, reverseReceipt } from './corrections.js';
import { creditNote, invoiceHook } from './invoices.js';
import { letterRoutes } from './letters.js';
import { receiptHook } from './receipts.js';
import { sendStatement, statementHook, statementRoutes } from './statements.js';
import { glTransferHook, postArJournal } from './toLedger.js';

export const receivablesModule: DomainModule = {
  hooks: {
    'accountreceivable/ar-invoice': invoiceHook,
    'accountreceivable/ar-receipt': receiptHook,
    'accountreceivable/ar-gl-transfer': glTransferHook,
    'accountreceivable/ar-statement': statementHook,
  },
  ops: [postArJournal, creditNote, sendStatement, applyCredit, reverseReceipt],
  async routes(app, ctx) {
    await statementRoutes(app, ctx);
    await letterRoutes(app, ctx);
  },
};
