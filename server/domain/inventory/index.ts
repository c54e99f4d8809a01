import type { DomainModule } from '../types.js';
import { costingChangeHook } from './costingChange.js';
import { countSheetRoutes } from './countSheet.js';
import { openingStockHook, outgoingHook, requisitionHook, stockCountHook } from './documents.js';
import { cancelOutgoingOp } from './outgoingAfterPosting.js';
import { periodCloseHook } from './periodClose.js';
import { recipeHook } from './recipes.js';
import { cancelReceiptOp } from './receiving/cancel.js';
import { receivingHook } from './receiving/hook.js';
import { glTransferHook, postJournalOp } from './toLedger.js';

export const inventoryModule: DomainModule = {
  hooks: {
    'inventory/opening-stock': openingStockHook,
    'inventory/requisition': requisitionHook,
    'inventory/outgoing': outgoingHook,
    'inventory/stock-count': stockCountHook,
    'inventory/gl-transfer': glTransferHook,
    'inventory/period-close': periodCloseHook,
    'inventory/recipe': recipeHook,
    'inventory/receiving': receivingHook,
    'system/setup': costingChangeHook,
  },
  ops: [postJournalOp, cancelOutgoingOp, cancelReceiptOp],
  routes: countSheetRoutes,
};
