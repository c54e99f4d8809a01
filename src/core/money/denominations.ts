/** Rupiah notes and coins in circulation, largest first: what a cashier counts a box in. */
export const RUPIAH_DENOMINATIONS = [100000, 50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100] as const;
