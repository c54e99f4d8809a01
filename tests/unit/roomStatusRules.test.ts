import { describe, expect, it } from 'vitest';
import { nextStatus, type TransitionAsk } from '../../server/domain/housekeeping/roomStatusRules.js';

const ask = (over: Partial<TransitionAsk>): TransitionAsk => ({
  from: 'vacant_dirty',
  to: 'clean',
  occupied: false,
  planned: false,
  inspects: true,
  businessDate: '2026-11-23',
  ...over,
});

describe('room status transitions', () => {
  it.each([
    ['vacant_dirty', 'clean', false, 'vacant_clean'],
    ['occupied_dirty', 'clean', true, 'occupied_clean'],
    ['vacant_clean', 'dirty', false, 'vacant_dirty'],
    ['vacant_inspected', 'dirty', false, 'vacant_dirty'],
    ['occupied_clean', 'dirty', true, 'occupied_dirty'],
    ['vacant_clean', 'inspected', false, 'vacant_inspected'],
    ['out_of_order', 'in_service', false, 'vacant_dirty'],
    ['out_of_service', 'in_service', false, 'vacant_dirty'],
  ] as const)('%s asked %s (guest in house: %s) becomes %s', (from, to, occupied, status) => {
    expect(nextStatus(ask({ from, to, occupied }))).toMatchObject({ status });
  });

  it.each([
    [{ from: 'vacant_clean', to: 'clean' }, 'hk.already'],
    [{ from: 'vacant_inspected', to: 'clean' }, 'hk.already'],
    [{ from: 'vacant_dirty', to: 'inspected' }, 'hk.inspectNotClean'],
    [{ from: 'occupied_clean', to: 'inspected', occupied: true }, 'hk.inspectNotClean'],
    [{ from: 'vacant_clean', to: 'inspected', inspects: false }, 'hk.noInspection'],
    [{ from: 'out_of_order', to: 'clean' }, 'hk.returnFirst'],
    [{ from: 'vacant_clean', to: 'in_service' }, 'hk.notClosed'],
    [{ from: 'occupied_dirty', to: 'out_of_service', occupied: true, reason: 'Wallpaper' }, 'hk.closeOccupied'],
    [{ from: 'vacant_clean', to: 'out_of_service', reason: '  ' }, 'hk.reasonNeeded'],
    [{ from: 'vacant_clean', to: 'out_of_order', reason: 'Leak' }, 'hk.oooRangeNeeded'],
    [{ from: 'vacant_clean', to: 'out_of_order', reason: 'Leak', oooFrom: '2026-11-22', oooTo: '2026-11-25' }, 'hk.oooPast'],
    [{ from: 'vacant_clean', to: 'out_of_order', reason: 'Leak', oooFrom: '2026-11-23', oooTo: '2027-03-01' }, 'hk.oooRange'],
  ] as const)('refuses %j with %s', (over, refused) => {
    expect(nextStatus(ask(over as Partial<TransitionAsk>))).toMatchObject({ refused });
  });

  it('closes a room today, or books a later closure and keeps the room working until then', () => {
    const range = { reason: 'Bathroom renovation', oooTo: '2026-11-28' };
    expect(nextStatus(ask({ from: 'vacant_clean', to: 'out_of_order', oooFrom: '2026-11-23', ...range }))).toEqual({
      status: 'out_of_order',
      ooo: { from: '2026-11-23', to: '2026-11-28', reason: 'Bathroom renovation' },
    });
    expect(nextStatus(ask({ from: 'vacant_clean', to: 'out_of_order', oooFrom: '2026-11-25', ...range }))).toMatchObject({
      status: 'vacant_clean',
    });
    // a booked closure is called off by "back in service" before it starts
    expect(nextStatus(ask({ from: 'vacant_clean', to: 'in_service', planned: true }))).toEqual({
      status: 'vacant_clean',
      ooo: { from: null, to: null, reason: null },
    });
  });
});
