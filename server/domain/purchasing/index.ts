import type { DomainModule } from '../types.js';
import { unitHook } from './units.js';
import { itemHook } from './items.js';
import { taxPartyHook } from '../finance/npwp.js';
import { supplierContractHook } from './contracts.js';
import { buyingChain } from './orders/index.js';

export const purchasingModule: DomainModule = {
  hooks: {
    'purchasing/unit': unitHook,
    'purchasing/item': itemHook,
    'purchasing/supplier': taxPartyHook,
    'purchasing/supplier-contract': supplierContractHook,
    ...buyingChain.hooks,
  },
  routes: buyingChain.routes,
};
