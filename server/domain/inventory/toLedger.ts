import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EntityHook } from '../../data/hooks.js';
import { conflict } from '../../http/errors.js';
import { postJournal } from '../gl/post.js';
import { postPendingJournalOp } from '../gl/pendingJournal.js';
import type { MovementKind } from './ledger.js';

/** One posted line of a document, valued, for its journal. */
export interface ValuedLine {
  itemId: number;
  /** the store the stock left (or came into, for opening stock and counts) */
  storeId: number;
  /** a transfer's receiving store */
  toStoreId?: number;
  /** signed for a count (surplus positive); positive otherwise */
  value: Decimal;
  /** where an issue's cost goes */
  departmentId?: number | null;
  /** a cancelled receipt: what it brought in, owed to the supplier (value is what left the store) */
  received?: Decimal;
}

interface Accounts {
  groupInventory: Map<number, number | null>;
  groupExpense: Map<number, number | null>;
  group: Map<number, string>;
  itemGroup: Map<number, number>;
  storeInventory: Map<number, number | null>;
  storeDepartment: Map<number, number | null>;
  storeName: Map<number, string>;
}

/**
 * The journal a posted document will hand to the ledger, kept for review (inv_gl_transfer): stock at the
 * item group's inventory account (or the store's own), an issue's cost at the group's expense account for
 * the department that consumed it, a count difference against the same expense account (USALI counts
 * shrinkage in the cost of sales), opening stock against the property's opening account, a receipt against
 * goods received not invoiced at the price received (its cancellation back, the part of its value the store
 * no longer held at that price to the cost of what was consumed). Debits and credits
 * of one account and department are netted; a document that nets to nothing (a transfer between two stores
 * on the same account) has no journal.
 */
export async function proposeJournal(
  trx: Db,
  branchId: number,
  userId: number | null,
  doc: { kind: MovementKind; id: number; number: string; date: string; description: string },
  lines: ValuedLine[],
) {
  const a = await accountsFor(trx, branchId, lines);
  const sums = new Map<string, Decimal>();
  const add = (account: number, department: number | null | undefined, amount: Decimal) => {
    const key = `${account}:${department ?? ''}`;
    sums.set(key, (sums.get(key) ?? new Decimal(0)).plus(amount));
  };
  const inventory = (store: number, item: number) => {
    const account = a.storeInventory.get(store) ?? a.groupInventory.get(a.itemGroup.get(item)!);
    if (!account)
      throw conflict('inventory.noInventoryAccount', { group: a.group.get(a.itemGroup.get(item)!), store: a.storeName.get(store) });
    return account;
  };
  const expense = (item: number) => {
    const account = a.groupExpense.get(a.itemGroup.get(item)!);
    if (!account) throw conflict('inventory.noExpenseAccount', { group: a.group.get(a.itemGroup.get(item)!) });
    return account;
  };
  const grni = doc.kind === 'receipt' || doc.kind === 'receipt_cancel' ? await grniAccount(trx, branchId) : null;
  let opening: number | null = null;
  if (doc.kind === 'opening') {
    const { rows } = await sql<{ account: number | null }>`
      SELECT inventory_opening_account_id AS account FROM hotel_setup WHERE branch_id = ${branchId}`.execute(trx);
    opening = rows[0]?.account == null ? null : Number(rows[0].account);
    // balances brought forward in the ledger already hold this stock: the opening stock has no journal
    if (opening === null) return;
  }
  for (const l of lines) {
    if (l.value.isZero() && !l.received?.gt(0)) continue;
    const costCentre = l.departmentId ?? a.storeDepartment.get(l.storeId) ?? null;
    if (doc.kind === 'opening') {
      add(inventory(l.storeId, l.itemId), null, l.value);
      add(opening!, null, l.value.neg());
    } else if (doc.kind === 'issue') {
      add(expense(l.itemId), costCentre, l.value);
      add(inventory(l.storeId, l.itemId), null, l.value.neg());
    } else if (doc.kind === 'receipt') {
      add(inventory(l.storeId, l.itemId), null, l.value);
      add(grni!, null, l.value.neg());
    } else if (doc.kind === 'receipt_cancel') {
      add(grni!, null, l.received!);
      add(inventory(l.storeId, l.itemId), null, l.value.neg());
      const consumed = l.value.minus(l.received!);
      if (!consumed.isZero()) add(expense(l.itemId), costCentre, consumed);
    } else if (doc.kind === 'transfer' || doc.kind === 'requisition') {
      add(inventory(l.toStoreId!, l.itemId), null, l.value);
      add(inventory(l.storeId, l.itemId), null, l.value.neg());
    } else {
      add(inventory(l.storeId, l.itemId), null, l.value);
      add(expense(l.itemId), costCentre, l.value.neg());
    }
  }
  const journal = [...sums.entries()].filter(([, v]) => !v.isZero());
  if (!journal.length) return;
  const total = journal.filter(([, v]) => v.gt(0)).reduce((s, [, v]) => s.plus(v), new Decimal(0));
  const { rows } = await sql<{ id: number }>`
    INSERT INTO inv_gl_transfer (branch_id, source_kind, source_id, number, date, description, total, created_by, updated_by)
    VALUES (${branchId}, ${doc.kind}, ${doc.id}, ${doc.number}, ${doc.date}, ${doc.description}, ${total.toFixed(2)}, ${userId}, ${userId})
    RETURNING id`.execute(trx);
  const json = JSON.stringify(
    journal.map(([key, v], i) => {
      const [account, department] = key.split(':');
      return {
        line_no: i + 1,
        account_id: Number(account),
        department_id: department ? Number(department) : null,
        debit: v.gt(0) ? v.toFixed(2) : '0',
        credit: v.lt(0) ? v.neg().toFixed(2) : '0',
      };
    }),
  );
  await sql`
    INSERT INTO inv_gl_transfer_line (branch_id, transfer_id, line_no, account_id, department_id, description, debit, credit)
    SELECT ${branchId}, ${rows[0].id}, x.line_no, x.account_id, x.department_id, ${doc.number}, x.debit, x.credit
      FROM jsonb_to_recordset(${json}::jsonb) AS x(line_no int, account_id bigint, department_id bigint, debit numeric, credit numeric)`.execute(
    trx,
  );
}

/** Goods received not invoiced: what a receipt owes its supplier until the invoice is booked, per property. */
async function grniAccount(trx: Db, branchId: number): Promise<number> {
  const { rows } = await sql<{ account: number | null }>`
    SELECT inventory_grni_account_id AS account FROM hotel_setup WHERE branch_id = ${branchId}`.execute(trx);
  if (rows[0]?.account == null) throw conflict('inventory.noGrniAccount');
  return Number(rows[0].account);
}

async function accountsFor(trx: Db, branchId: number, lines: ValuedLine[]): Promise<Accounts> {
  const items = [...new Set(lines.map((l) => l.itemId))];
  const stores = [...new Set(lines.flatMap((l) => (l.toStoreId ? [l.storeId, l.toStoreId] : [l.storeId])))];
  const { rows: groups } = await sql<{ item: number; group_id: number; name: string; inventory: number | null; expense: number | null }>`
    SELECT i.id AS item, g.id AS group_id, g.code || ' ' || g.name AS name, g.inventory_account_id AS inventory, g.expense_account_id AS expense
      FROM inv_item i JOIN inv_item_group g ON g.branch_id = i.branch_id AND g.id = i.group_id
     WHERE i.branch_id = ${branchId} AND i.id = ANY(${items}::bigint[])`.execute(trx);
  const { rows: storeRows } = await sql<{ id: number; name: string; account: number | null; department: number | null }>`
    SELECT s.id, s.name, s.inventory_account_id AS account, coalesce(s.department_id, o.department_id) AS department
      FROM inv_store s LEFT JOIN outlet o ON o.branch_id = s.branch_id AND o.id = s.outlet_id
     WHERE s.branch_id = ${branchId} AND s.id = ANY(${stores}::bigint[])`.execute(trx);
  const num = (v: number | null) => (v == null ? null : Number(v));
  return {
    groupInventory: new Map(groups.map((g) => [Number(g.group_id), num(g.inventory)])),
    groupExpense: new Map(groups.map((g) => [Number(g.group_id), num(g.expense)])),
    group: new Map(groups.map((g) => [Number(g.group_id), g.name])),
    itemGroup: new Map(groups.map((g) => [Number(g.item), Number(g.group_id)])),
    storeInventory: new Map(storeRows.map((s) => [Number(s.id), num(s.account)])),
    storeDepartment: new Map(storeRows.map((s) => [Number(s.id), num(s.department)])),
    storeName: new Map(storeRows.map((s) => [Number(s.id), s.name])),
  };
}

/**
 * A reviewed inventory journal posted through the one posting function: dated its document's day in an open
 * month (a closed month refuses it), keyed per document so posting it twice posts once.
 */
export const glTransferHook: EntityHook = {
  async onStatus(c, action, row) {
    if (action !== 'post') return;
    await postTransfer(c.trx, c.auth.branchId, c.auth.user.id, Number(row.id));
  },
};

export async function postTransfer(trx: Db, branchId: number, userId: number, id: number) {
  const { rows } = await sql<{
    source_kind: string;
    source_id: number;
    number: string;
    date: string;
    description: string;
    account: string;
    department_id: number | null;
    debit: string;
    credit: string;
  }>`
    SELECT t.source_kind, t.source_id, t.number, t.date::text AS date, t.description, a.code AS account, l.department_id, l.debit, l.credit
      FROM inv_gl_transfer t
      JOIN inv_gl_transfer_line l ON l.branch_id = t.branch_id AND l.transfer_id = t.id
      JOIN gl_account a ON a.branch_id = l.branch_id AND a.id = l.account_id
     WHERE t.branch_id = ${branchId} AND t.id = ${id} ORDER BY l.line_no`.execute(trx);
  const head = rows[0];
  const posted = await postJournal(trx, branchId, userId, {
    date: head.date,
    source: 'inventory',
    sourceType: head.source_kind,
    sourceId: Number(head.source_id),
    key: `inventory:${head.source_kind}:${head.source_id}`,
    // a document without a description proposed its number as one: the journal names it once
    description: head.description === head.number ? head.number : `${head.number} ${head.description}`,
    dating: 'open-period',
    lines: rows.map((l) => ({
      account: l.account,
      amount: new Decimal(l.debit).minus(l.credit),
      departmentId: l.department_id == null ? null : Number(l.department_id),
      description: l.number,
    })),
  });
  await sql`UPDATE inv_gl_transfer SET journal_id = ${posted.id} WHERE branch_id = ${branchId} AND id = ${id}`.execute(trx);
  return posted;
}

/** The list's own "post": the journal as reviewed. */
export const postJournalOp = postPendingJournalOp({
  name: 'inventory.postJournal',
  summary: 'Post a pending inventory journal to the general ledger',
  resource: 'inventory.transfer-gl',
  entity: 'inventory/gl-transfer',
  table: 'inv_gl_transfer',
  labels: 'gl-transfer',
  post: postTransfer,
});
