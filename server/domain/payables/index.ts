import type { DomainModule } from '../types.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { advanceHook, applyAdvanceOp, postAdvanceOp } from './advances.js';
import { payablesAgingRoutes } from './aging.js';
import { cancelInvoiceOp } from './cancel.js';
import { creditNoteHook } from './creditNotes.js';
import { invoiceHook } from './invoices.js';
import { paymentPdfRoutes } from './paymentPdf.js';
import { paymentHook, recapHook } from './payments.js';
import { recapPdfRoutes } from './recapPdf.js';
import { apTransferHook, postApJournalOp } from './transfer.js';

export const payablesModule: DomainModule = {
  hooks: {
    'payables/ap-invoice': invoiceHook,
    'payables/ap-advance': advanceHook,
    'payables/ap-payment': paymentHook,
    'payables/ap-recap': recapHook,
    'payables/ap-credit-note': creditNoteHook,
    'payables/ap-gl-transfer': apTransferHook,
  },
  ops: [postAdvanceOp, applyAdvanceOp, cancelInvoiceOp, postApJournalOp],
  async routes(app: FastifyInstance, ctx: AppContext) {
    await paymentPdfRoutes(app, ctx);
    await recapPdfRoutes(app, ctx);
    await payablesAgingRoutes(app, ctx);
  },
};
