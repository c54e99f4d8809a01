import { sql } from 'kysely';
import type { DomainModule } from '../../types.js';
import { marketListHook } from './marketLists.js';
import { orderPdfRoutes } from './orderPdf.js';
import { purchaseOrderHook } from './purchaseOrders.js';
import { purchaseRequestHook } from './requests.js';
import { selectionHook } from './selections.js';

/** The buying chain: purchase requests, daily market lists, vendor selections and purchase orders. */
export const buyingChain: Required<Pick<DomainModule, 'hooks' | 'routes'>> = {
  hooks: {
    'purchasing/purchase-request': {
      ...purchaseRequestHook,
      // requests an order or a selection may still take lines from
      lookupScopes: {
        orderable: {
          params: { type: 'object', additionalProperties: false, properties: {} },
          where: () => sql`purchase_request.status IN ('approved', 'partially_ordered')`,
        },
      },
    },
    'purchasing/market-list': marketListHook,
    'purchasing/purchase-selection': selectionHook,
    'purchasing/purchase-order': purchaseOrderHook,
  },
  routes: orderPdfRoutes,
};
