import { useEffect, useState } from 'react';
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

/** What GET /api/pointofsales/pad/:outlet answers. */
export interface Pad {
  tables: {
    id: number;
    code: string;
    area: string;
    seats: number;
    state: 'free' | 'seated' | 'ordered' | 'served';
    check_id: number | null;
    number: string | null;
    covers: number | null;
    total: string | null;
    minutes: number | null;
  }[];
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
