import type { DomainModule } from '../types.js';
import { lostFoundHook } from './lostFound.js';
import { setRoomStatus } from './roomStatus.js';
import { housekeepingRoutes } from './routes.js';

export const housekeepingModule: DomainModule = {
  hooks: { 'housekeeping/lost-found': lostFoundHook },
  ops: [setRoomStatus],
  routes: housekeepingRoutes,
};
