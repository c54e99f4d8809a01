import { sql } from 'kysely';
import type { ChangeLog } from '../../feeds/changeFeed.js';

export interface StatusChange {
  id: number;
  room_id: number;
  code: string;
  hk_status: string;
}

/** Room status changes for open screens (the room plan, other boards), read from the status log (room_status_log). */
export const roomStatusChanges: ChangeLog<StatusChange> = {
  async latest(db, branch) {
    const { rows } = await sql<{
      id: number;
    }>`SELECT coalesce(max(id), 0)::int AS id FROM room_status_log WHERE branch_id = ${branch}`.execute(db);
    return rows[0].id;
  },
  async after(db, branch, after) {
    const { rows } = await sql<StatusChange>`
      SELECT g.id::int AS id, g.room_id::int AS room_id, r.code, g.to_status AS hk_status
        FROM room_status_log g JOIN room r ON r.branch_id = g.branch_id AND r.id = g.room_id
       WHERE g.branch_id = ${branch} AND g.id > ${after}
       ORDER BY g.id LIMIT 500`.execute(db);
    return rows;
  },
};
