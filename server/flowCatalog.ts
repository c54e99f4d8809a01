import type { ServerFlowImplementation } from './flows/registry.js';
import { namesOf } from './flows/registry.js';
import { reportPackFlow } from './reports/reportPackFlow.js';
import { excelImportFlow } from './import/excelImportFlow.js';
import { domainModules } from './domain/index.js';

/** Every server flow's implementation: the generic layers' own and the hotel modules'. */
export function serverFlowCatalog(): ServerFlowImplementation[] {
  return [reportPackFlow, excelImportFlow, ...domainModules().flatMap((m) => m.flows ?? [])];
}

/** What the meta check needs of them: the names each server flow may use. */
export function serverFlowNames() {
  return namesOf(serverFlowCatalog());
}
