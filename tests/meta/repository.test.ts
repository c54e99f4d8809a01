import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config.js';
import { formatMetaErrors, readMetaFiles } from '../../server/meta/load.js';
import { validateMeta, type MetaError } from '../../server/meta/validate.js';
import { serverFlowNames } from '../../server/flowCatalog.js';

describe('the definitions of the repository', () => {
  it('validate with zero errors (routes, screens, entities, reports, flows with the names the server implements, labels)', () => {
    const errors: MetaError[] = [];
    const raw = readMetaFiles(projectRoot, errors);
    errors.push(...validateMeta(raw, { serverFlows: serverFlowNames() }));
    // The message lists every problem as file#pointer: message, exactly as the server prints it at start.
    expect(errors, formatMetaErrors(errors)).toEqual([]);
    expect(raw.routes).toBeDefined();
    expect(raw.entities.size).toBeGreaterThan(10);
    expect(raw.screens.size).toBeGreaterThan(20);
    expect(raw.locales.length).toBeGreaterThan(3);
    expect([...raw.flows.keys()].sort()).toEqual([
      'cashier-shift',
      'excel-import',
      'excel-import-run',
      'guest-signing',
      'night-audit',
      'night-audit-run',
      'report-pack',
      'report-pack-run',
    ]);
  });
});
