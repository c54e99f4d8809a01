import type { DomainModule } from '../types.js';
import { cancelReservation, noShowReservation, reinstateReservation, reservationHook } from './reservations.js';
import { addDeposit, reverseDeposit } from './deposits.js';
import { frontOfficeRoutes } from './routes.js';
import { guestHook } from './guests.js';
import { bookGroup } from './groups.js';
import { bookStay } from './booking.js';
import { assignRooms } from './roomAssignment.js';
import { registrationTextHook } from './registrationTexts.js';
import { saveFloorPlan } from './floorPlan.js';
import { roomHook } from './rooms.js';

export const frontOfficeModule: DomainModule = {
  hooks: {
    'frontoffice/reservation': reservationHook,
    'frontoffice/guest': guestHook,
    'frontoffice/registration-text': registrationTextHook,
    'frontoffice/room': roomHook,
  },
  ops: [
    cancelReservation,
    reinstateReservation,
    noShowReservation,
    addDeposit,
    reverseDeposit,
    bookGroup,
    bookStay,
    assignRooms,
    saveFloorPlan,
  ],
  routes: frontOfficeRoutes,
};
