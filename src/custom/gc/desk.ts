/**
 * The two desks that keep a cash box by shift: the general cashier's and an outlet cashier's. They share one
 * flow (flows/cashier-shift.json) and its screens; what those read, run and link to is the desk of the route.
 */
export interface Desk {
  /** the shift's read resource (GET /api/<read>) */
  read: string;
  open: string;
  close: string;
  /** an outlet's box is opened at an outlet (its cash account is the property's rupiah cash) */
  atOutlet: boolean;
  /** the cashiers the counted box may be handed over to (an entity to look up), where the desk allows it */
  handOver?: string;
  links: { to: string; label: string; icon: string }[];
}

export const GC_DESK: Desk = {
  read: 'gc/shift',
  open: 'gc.openShift',
  close: 'gc.closeShift',
  atOutlet: false,
  links: [
    { to: '/gc/transaction-gc/cash-adv/cash-adv-list', label: 'gc-shift.toAdvances', icon: 'credit-card' },
    { to: '/gc/transaction-gc/journal-cashier/journal-cashier-list', label: 'gc-shift.toVouchers', icon: 'book-open' },
  ],
};

export const POS_DESK: Desk = {
  read: 'pointofsales/shift',
  open: 'pointofsales.openShift',
  close: 'pointofsales.closeShift',
  atOutlet: true,
  handOver: 'pointofsales/cashier',
  links: [{ to: '/pointofsales/order', label: 'pos-till.toBills', icon: 'file-text' }],
};

const DESKS: Record<string, Desk> = { 'gc.shift': GC_DESK, 'pointofsales.cashier-open': POS_DESK };

/** The desk a shift screen serves, by the right its route needs. */
export const deskOf = (route: { node: { permission?: string } }): Desk => DESKS[route.node.permission ?? ''] ?? GC_DESK;
