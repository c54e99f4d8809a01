import { describe, expect, it } from 'vitest';
import { collectHooks, type EntityHook } from '../../../server/data/hooks.js';
import { domainModules } from '../../../server/domain/index.js';

const costing: EntityHook = { beforeWrite: async () => undefined };
const nightAudit: EntityHook = { beforeWrite: async () => undefined };

describe('the hooks of the domain modules', () => {
  it('keeps one hook per entity, and refuses to start when two modules hook the same entity', () => {
    expect(collectHooks([{ hooks: { 'system/setup': costing } }, {}]).get('system/setup')).toBe(costing);
    expect(() => collectHooks([{ hooks: { 'system/setup': costing } }, { hooks: { 'system/setup': nightAudit } }])).toThrow(
      'Entities hooked by two domain modules (merge their checks into one hook):\n  system/setup',
    );
  });

  it('holds for the modules the hotel ships', () => {
    expect(() => collectHooks(domainModules())).not.toThrow();
  });
});
