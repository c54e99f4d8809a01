import type { DomainModule } from '../types.js';
import { cancelReservation, noShowReservation, reinstateReservation, reservationHook } from './reservations.js';
import { addDeposit, reverseDeposit } from './deposits.js';
import { frontOfficeRoutes } from './routes.js';

export const frontOfficeModule: DomainModule = {
  hooks: { 'frontoffice/reservation': reservationHook },
  ops: [cancelReservation, reinstateReservation, noShowReservation, addDeposit, reverseDeposit],
  routes: frontOfficeRoutes,
};
