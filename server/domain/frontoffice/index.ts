import type { DomainModule } from '../types.js';
import { cancelReservation, noShowReservation, reinstateReservation, reservationHook } from './reservations.js';
import { addDeposit, reverseDeposit } from './deposits.js';
import { frontOfficeRoutes } from './routes.js';
import { nightAuditRoutes } from './nightAudit/routes.js';
import { guestHook } from './guests.js';
import { bookGroup } from './groups.js';
import { bookStay } from './booking.js';
import { assignRooms } from './roomAssignment.js';
import { consentPurposeHook, registrationTextHook } from './registrationTexts.js';
import { saveFloorPlan } from './floorPlan.js';
import { roomHook } from './rooms.js';
import { folioHook } from './folio/folios.js';
import { folioRoutingHook } from './folio/routing.js';
import { postCharge } from './folio/chargeOps.js';
import { postPayment } from './folio/paymentOps.js';
import { transferLines } from './folio/transferOps.js';
import { correctLine } from './folio/correctOps.js';
import { checkIn, walkIn } from './stay/checkIn.js';
import { changeDeparture, roomMove } from './stay/stayChanges.js';
import { checkOut } from './stay/checkOut.js';
import { folioRoutes } from './folio/routes.js';
import { nightAuditFlow } from './nightAudit/nightAuditFlow.js';
import { cancelKey, duplicateKeys, issueKeys, testLock } from './keys/keyOps.js';
import { chargeLoan, loanOrderHook, returnLoan } from './loans/loanOps.js';
import { guestRequestHook, guestRequestOps } from './requests/guestRequestOps.js';
import { reservationViewRoutes } from './reservationView.js';
import { eraseGuest } from './privacy/guestErasure.js';
import { guestPrivacyRoutes } from './privacy/routes.js';
import { signingOps } from './signing/signingOps.js';
import { signingDeskRoutes } from './signing/deskRoutes.js';
import { signingPublicRoutes } from './signing/publicRoutes.js';

export const frontOfficeModule: DomainModule = {
  hooks: {
    'frontoffice/reservation': reservationHook,
    'frontoffice/guest': guestHook,
    'frontoffice/registration-text': registrationTextHook,
    'frontoffice/consent-purpose': consentPurposeHook,
    'frontoffice/room': roomHook,
    'frontoffice/folio': folioHook,
    'frontoffice/folio-routing': folioRoutingHook,
    'frontoffice/loan-order': loanOrderHook,
    'frontoffice/guest-request': guestRequestHook,
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
    checkIn,
    walkIn,
    roomMove,
    changeDeparture,
    checkOut,
    postCharge,
    postPayment,
    transferLines,
    correctLine,
    issueKeys,
    duplicateKeys,
    cancelKey,
    testLock,
    returnLoan,
    chargeLoan,
    ...guestRequestOps,
    eraseGuest,
    ...signingOps,
  ],
  flows: [nightAuditFlow],
  async routes(app, ctx) {
    await frontOfficeRoutes(app, ctx);
    await nightAuditRoutes(app, ctx);
    await folioRoutes(app, ctx);
    await signingDeskRoutes(app, ctx);
    await signingPublicRoutes(app, ctx);
    await reservationViewRoutes(app, ctx, frontOfficeModule.ops ?? []);
    await guestPrivacyRoutes(app, ctx, frontOfficeModule.ops ?? []);
  },
};
