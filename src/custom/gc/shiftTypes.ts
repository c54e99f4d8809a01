export interface ShiftMovement {
  kind: string;
  description: string;
  amount: string;
  created_at: string;
}

/** The cashier's open shift as GET /api/gc/shift (or /api/pointofsales/shift) tells it. */
export interface OpenShift {
  id: number;
  outlet_name: string | null;
  cash_account: string;
  cash_account_name: string;
  business_date: string;
  opening_float: string;
  opened_at: string;
  expected: string;
  movements: ShiftMovement[];
  /** what the shift took besides cash, by kind of payment (an outlet's cards, room charges …) */
  takings: { kind: string; count: number; amount: string }[];
}
