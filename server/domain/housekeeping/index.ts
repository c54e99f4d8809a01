import type { DomainModule } from '../types.js';
import { setRoomStatus } from './roomStatus.js';
import { housekeepingRoutes } from './routes.js';

export const housekeepingModule: DomainModule = {
  ops: [setRoomStatus],
  routes: housekeepingRoutes,
};
