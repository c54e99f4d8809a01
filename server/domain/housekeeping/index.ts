import type { DomainModule } from '../types.js';
import { extraBedHook } from './extraBeds.js';
import { lostFoundHook } from './lostFound.js';
import { setRoomStatus } from './roomStatus.js';
import { housekeepingRoutes } from './routes.js';
import { taskOps } from './tasks.js';

export const housekeepingModule: DomainModule = {
  hooks: { 'housekeeping/lost-found': lostFoundHook, 'housekeeping/extra-bed': extraBedHook },
  ops: [setRoomStatus, ...taskOps],
  routes: housekeepingRoutes,
};
