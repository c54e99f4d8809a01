import type { DomainModule } from './types.js';
import { systemModule } from './system/index.js';
import { frontOfficeModule } from './frontoffice/index.js';
import { salesModule } from './sales/index.js';
import { salesCrmModule } from './sales/crm/index.js';
import { housekeepingModule } from './housekeeping/index.js';
import { glModule } from './gl/index.js';
import { gcModule } from './gc/index.js';
import { pointOfSalesModule } from './pointofsales/index.js';
import { inventoryModule } from './inventory/index.js';
import { payablesModule } from './payables/index.js';
import { purchasingModule } from './purchasing/index.js';
import { banquetModule } from './banquet/index.js';
import { incomeAuditModule } from './incomeaudit/index.js';
import { receivablesModule } from './receivables/index.js';

/** Every hotel module's hooks, commands and routes; the generic server knows them only through this list. */
export function domainModules(): DomainModule[] {
  return [
    systemModule,
    frontOfficeModule,
    salesModule,
    salesCrmModule,
    housekeepingModule,
    glModule,
    gcModule,
    pointOfSalesModule,
    purchasingModule,
    inventoryModule,
    payablesModule,
    banquetModule,
    incomeAuditModule,
    receivablesModule,
  ];
}
