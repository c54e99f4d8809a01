import type { DomainModule } from '../types.js';
import { addItems } from './addItems.js';
import { breakfastRoutes, redeemBreakfast } from './breakfast.js';
import { changeRoutes } from './changes.js';
import { checkHook } from './checks.js';
import { duplicateMenu } from './duplicateMenu.js';
import { boardRoutes, markAmenityDone, markReady, printBill, sendOrder, voidItem } from './kitchen.js';
import { padRoutes } from './pad.js';
import { discount, discountItem, pay, splitEqual, splitItems } from './payments.js';
import { reopenBill } from './reopen.js';
import { roomChargeRoutes, transferRoomCharge } from './roomTransfer.js';
import { posDesk } from './shift.js';
import { tableBookingHook } from './tableBookings.js';
import { saveTablePlan } from './tablePlan.js';

export const pointOfSalesModule: DomainModule = {
  hooks: { 'pointofsales/check': checkHook, 'pointofsales/table-reservation': tableBookingHook },
  ops: [
    duplicateMenu,
    addItems,
    redeemBreakfast,
    sendOrder,
    voidItem,
    markReady,
    markAmenityDone,
    printBill,
    pay,
    splitEqual,
    splitItems,
    discount,
    discountItem,
    reopenBill,
    saveTablePlan,
    transferRoomCharge,
    posDesk.openShift,
    posDesk.closeShift,
  ],
  async routes(app, ctx) {
    await posDesk.routes(app, ctx);
    await boardRoutes(app, ctx);
    await changeRoutes(app, ctx);
    await padRoutes(app, ctx);
    await breakfastRoutes(app, ctx);
    await roomChargeRoutes(app, ctx);
  },
};
