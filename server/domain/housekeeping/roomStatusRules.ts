/**
 * The rules of a room's housekeeping status, as a pure function. The stored status joins occupancy and
 * cleanliness (vacant_dirty, occupied_clean …); occupancy comes from the front office (a guest in house),
 * never from what housekeeping types.
 */
export const HK_STATUSES = [
  'vacant_clean',
  'vacant_inspected',
  'vacant_dirty',
  'occupied_clean',
  'occupied_dirty',
  'out_of_order',
  'out_of_service',
] as const;
export type HkStatus = (typeof HK_STATUSES)[number];

/** What a person asks the board for. */
export const HK_TARGETS = ['clean', 'dirty', 'inspected', 'out_of_order', 'out_of_service', 'in_service'] as const;
export type HkTarget = (typeof HK_TARGETS)[number];

/** The longest out-of-order span one change may declare: longer closures are withdrawn from inventory (USALI). */
export const OOO_MAX_DAYS = 90;

export interface TransitionAsk {
  from: HkStatus;
  to: HkTarget;
  /** a guest is in house in the room */
  occupied: boolean;
  /** an out-of-order span is booked for later nights (the room still works today) */
  planned: boolean;
  /** the property has supervisors inspect cleaned rooms */
  inspects: boolean;
  businessDate: string;
  reason?: string;
  oooFrom?: string;
  oooTo?: string;
}

export type Transition =
  | { status: HkStatus; ooo: { from: string | null; to: string | null; reason: string | null } | 'keep' }
  | { refused: string; params?: Record<string, unknown> };

const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const closed = (s: HkStatus) => s === 'out_of_order' || s === 'out_of_service';

export function nextStatus(a: TransitionAsk): Transition {
  const side = a.occupied ? 'occupied' : 'vacant';
  const reason = a.reason?.trim();
  switch (a.to) {
    case 'clean':
    case 'dirty': {
      if (closed(a.from)) return { refused: 'hk.returnFirst' };
      const status = `${side}_${a.to}` as HkStatus;
      if (status === a.from || (a.to === 'clean' && a.from === 'vacant_inspected')) return { refused: 'hk.already' };
      return { status, ooo: 'keep' };
    }
    case 'inspected':
      if (!a.inspects) return { refused: 'hk.noInspection' };
      if (a.from !== 'vacant_clean') return { refused: a.from === 'vacant_inspected' ? 'hk.already' : 'hk.inspectNotClean' };
      return { status: 'vacant_inspected', ooo: 'keep' };
    case 'out_of_order': {
      if (a.occupied) return { refused: 'hk.closeOccupied' };
      if (!reason) return { refused: 'hk.reasonNeeded' };
      if (!a.oooFrom || !a.oooTo) return { refused: 'hk.oooRangeNeeded' };
      if (a.oooFrom < a.businessDate) return { refused: 'hk.oooPast' };
      const n = days(a.oooFrom, a.oooTo);
      if (n < 1 || n > OOO_MAX_DAYS) return { refused: 'hk.oooRange', params: { max: OOO_MAX_DAYS } };
      // a closure that starts later is booked now (the front office stops selling those nights) and the room works until then
      const status = a.oooFrom === a.businessDate ? 'out_of_order' : a.from;
      return { status, ooo: { from: a.oooFrom, to: a.oooTo, reason } };
    }
    case 'out_of_service':
      if (a.occupied) return { refused: 'hk.closeOccupied' };
      if (!reason) return { refused: 'hk.reasonNeeded' };
      if (a.from === 'out_of_service') return { refused: 'hk.already' };
      return { status: 'out_of_service', ooo: { from: null, to: null, reason } };
    case 'in_service':
      if (!closed(a.from)) return a.planned ? { status: a.from, ooo: { from: null, to: null, reason: null } } : { refused: 'hk.notClosed' };
      // a room back from works or a repair is cleaned before anyone sleeps in it
      return { status: `${side}_dirty`, ooo: { from: null, to: null, reason: null } };
  }
}
