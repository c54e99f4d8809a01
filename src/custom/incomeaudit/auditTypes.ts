/** What the income audit's read routes answer (server/domain/incomeaudit/routes.ts). */
export interface AuditDayRow {
  business_date: string;
  status: 'to_audit' | 'reviewed' | 'closed';
  journals: number;
  debit: string;
  credit: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
  closed_by: string | null;
  closed_at: string | null;
}

export interface AuditDays {
  businessDate: string;
  openDays: number;
  closedThrough: string | null;
  days: AuditDayRow[];
}

export interface Tie {
  code: string;
  subject: string | null;
  left: string;
  right: string;
  difference: string;
  ties: boolean;
}

/** The day the auditor works on unless one is chosen: the oldest still open, else the last closed. */
export const defaultDay = (d: AuditDays | undefined) =>
  d?.days.find((x) => x.status !== 'closed')?.business_date ?? d?.days.at(-1)?.business_date;

export const statusBadge: Record<AuditDayRow['status'], string> = {
  to_audit: 'badge-warning',
  reviewed: 'badge-info',
  closed: 'badge-success',
};
