import { useChangeFeed } from '../../engine/api/useChangeFeed';

export interface RoomStatusChange {
  id: number;
  room_id: number;
  code: string;
  hk_status: string;
}

/** Follows the housekeeping status changes committed anywhere (a room cleaned on a phone) while the screen is open. */
export function useRoomStatusChanges(onChange: (changes: RoomStatusChange[]) => void, enabled = true) {
  useChangeFeed('housekeeping/room-status/changes', onChange, enabled);
}
