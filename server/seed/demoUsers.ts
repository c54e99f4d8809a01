/** The demo sign-ins printed at start and used by the tests. Every demo password is "hotelier". */
export const DEMO_PASSWORD = 'hotelier';

export interface DemoUser {
  username: string;
  fullName: string;
  email: string;
  group: string;
  /** branch codes granted; admin groups see every branch anyway */
  branches: string[];
  language: 'en' | 'id';
}

export interface DemoGroup {
  code: string;
  name: string;
  description: string;
  isAdmin?: boolean;
  /** resources granted with every action they offer: exact keys, or 'module.*' prefixes */
  grants: string[];
  /** resources granted with view only */
  viewOnly?: string[];
  /** the module whose dashboard its members land on */
  mainModule?: string;
}

export const DEMO_GROUPS: DemoGroup[] = [
  { code: 'ADMIN', name: 'Administrators', description: 'Everything, in every property', isAdmin: true, grants: [] },
  {
    code: 'FO',
    name: 'Front office',
    description: 'Reservations, check-in and check-out, guest folios',
    grants: ['frontoffice.*', 'housekeeping.extrabed'],
    mainModule: 'frontoffice',
    viewOnly: ['housekeeping.*', 'sales.rate', 'sales.currency', 'sales.account', 'system.tax-service', 'system.pay-article'],
  },
  {
    code: 'HK',
    name: 'Housekeeping',
    description: 'Room status, lost and found, maid tasks, items lent to rooms, guest requests',
    // the iron an attendant takes up is the front office's loan, the towels a guest asks for the front office's request:
    // both seen and closed from housekeeping too
    grants: ['housekeeping.*', 'frontoffice.loan-order', 'frontoffice.guest-request'],
  },
  {
    code: 'ACC',
    name: 'Accounting',
    description: 'General ledger, payables, receivables, income audit',
    grants: [
      'gl.*',
      'accountpayable.*',
      'accountreceivable.*',
      'incomeaudit.*',
      'gc.*',
      'system.masterbank',
      'system.pay-article',
      'system.pay-article-group',
      'system.tax-service',
      // the credit controller sets an account's credit limit and terms
      'sales.account',
    ],
    viewOnly: ['system.log', 'system.masterdepartemen'],
  },
  {
    code: 'CASHIER',
    name: 'Cashiers',
    description: 'Outlet and front-office cashiering',
    grants: ['pointofsales.*', 'pos.*'],
    viewOnly: ['system.pay-article'],
  },
  {
    code: 'PURCH',
    name: 'Purchasing & store',
    description: 'Purchase requests and orders, receiving, stock',
    grants: ['purchasing.*', 'inventory.*'],
  },
  {
    code: 'SALES',
    name: 'Sales & marketing',
    description: 'Accounts, rates, allotments, activities',
    grants: ['sales.*'],
    viewOnly: ['frontoffice.*'],
    mainModule: 'sales',
  },
  {
    code: 'BANQUET',
    name: 'Banquet sales',
    description: 'Function rooms, event orders, the function calendar, deposits and event bills',
    grants: ['banquet.*'],
    // the client, the attendees' room block, the menu and the payment article are picked from other modules' masters
    viewOnly: [
      'sales.account',
      'frontoffice.guest',
      'frontoffice.allotment',
      'pointofsales.menus',
      'system.tax-service',
      'system.pay-article',
    ],
    mainModule: 'banquet',
  },
];

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'admin',
    fullName: 'Administrator',
    email: 'admin@grandnusantara.co.id',
    group: 'ADMIN',
    branches: ['GNB', 'NBR'],
    language: 'en',
  },
  {
    username: 'frontdesk',
    fullName: 'Siti Rahmawati',
    email: 'siti.rahmawati@grandnusantara.co.id',
    group: 'FO',
    branches: ['GNB'],
    language: 'id',
  },
  {
    username: 'housekeeping',
    fullName: 'Made Sudarsana',
    email: 'made.sudarsana@grandnusantara.co.id',
    group: 'HK',
    branches: ['GNB'],
    language: 'id',
  },
  {
    username: 'accountant',
    fullName: 'Budi Santoso',
    email: 'budi.santoso@grandnusantara.co.id',
    group: 'ACC',
    branches: ['GNB', 'NBR'],
    language: 'id',
  },
  {
    username: 'cashier',
    fullName: 'Dewi Lestari',
    email: 'dewi.lestari@grandnusantara.co.id',
    group: 'CASHIER',
    branches: ['GNB'],
    language: 'id',
  },
  {
    username: 'purchasing',
    fullName: 'Agus Wijaya',
    email: 'agus.wijaya@grandnusantara.co.id',
    group: 'PURCH',
    branches: ['GNB'],
    language: 'id',
  },
  {
    username: 'sales',
    fullName: 'Rina Kusuma',
    email: 'rina.kusuma@grandnusantara.co.id',
    group: 'SALES',
    branches: ['GNB', 'NBR'],
    language: 'en',
  },
  {
    username: 'banquet',
    fullName: 'Putri Anggraini',
    email: 'putri.anggraini@grandnusantara.co.id',
    group: 'BANQUET',
    branches: ['GNB'],
    language: 'en',
  },
];
