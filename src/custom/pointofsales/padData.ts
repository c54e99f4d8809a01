import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dataProvider } from '../../engine/api/dataProvider';
import { useResource } from '../../engine/controllers/resource/useResource';
import { hasRight, useSession } from '../../engine/session/session';

export interface PadDish {
  id: number;
  code: string;
  name: string;
  name_id: string | null;
  group_id: number;
  price: string;
  available: boolean;
  modifiers: { name: string; price: string | null }[];
}

export interface PadTable {
  id: number;
  code: string;
  area: string;
  seats: number;
  plan_x: number | null;
  plan_y: number | null;
  state: (typeof TABLE_STATES)[number];
  check_id: number | null;
  number: string | null;
  covers: number | null;
  total: string | null;
  minutes: number | null;
}

/** A table's state through a meal, in order: the legend of the terminal and of the table plan. */
export const TABLE_STATES = ['free', 'seated', 'ordered', 'served', 'printed', 'paid'] as const;

/** What GET /api/pointofsales/pad/:outlet answers. */
export interface Pad {
  tables: PadTable[];
  open: { id: number; number: string; guest_name: string | null; table_code: string | null; total: string }[];
  groups: { id: number; code: string; name: string; name_id: string | null }[];
  dishes: PadDish[];
}

const KEY = 'hotelier.pos.outlet';

/**
 * The outlet a terminal works for: the one chosen on it before (a tablet stays at its restaurant), else the
 * outlet of the cashier's open shift, else the first outlet.
 */
export function usePadOutlet() {
  const session = useSession();
  const outlets = useResource('pointofsales/pad-outlets', (signal) =>
    dataProvider.lookup('system/outlet', { filter: { active: { op: 'eq', value: true } } }, signal),
  );
  const mayTill = hasRight(session, 'pointofsales.cashier-open', 'view');
  const shift = useResource(mayTill ? 'pointofsales/shift' : null, (signal) =>
    dataProvider.read<{ shift: { outlet_id: number | null } | null }>('pointofsales/shift', {}, signal),
  );
  const [outlet, setChosen] = useState<number | null>(() => Number(localStorage.getItem(KEY)) || null);
  useEffect(() => {
    if (outlet || !outlets.data || (mayTill && shift.loading)) return;
    setChosen(shift.data?.shift?.outlet_id ?? outlets.data.rows[0]?.id ?? null);
  }, [outlet, outlets.data, mayTill, shift.loading, shift.data]);
  const setOutlet = (id: number) => {
    localStorage.setItem(KEY, String(id));
    setChosen(id);
  };
  return { outlet, outlets: outlets.data?.rows ?? [], setOutlet };
}

/**
 * Opening a table's bill from the terminal or the table plan: its open bill, or a new one for as many covers
 * as it seats, up to two (the waiter corrects them on the bill).
 */
export function useSeatTable(outlet: number | null, run: <T>(call: (signal: AbortSignal) => Promise<T>) => Promise<T | undefined>) {
  const navigate = useNavigate();
  const openCheck = (id: number | null, replace = false) =>
    navigate(id ? `/pos/transaction/order?check=${id}` : '/pos/transaction/order', { replace });
  const seatTable = async (table: PadTable) => {
    if (table.check_id) return openCheck(table.check_id);
    const made = await run((signal) =>
      dataProvider.create('pointofsales/check', { outlet_id: outlet, table_id: table.id, covers: Math.min(table.seats, 2) }, signal),
    );
    if (made) openCheck(made.id);
  };
  return { openCheck, seatTable };
}
