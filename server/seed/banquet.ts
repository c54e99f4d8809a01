import dayjs from 'dayjs';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { HookContext } from '../data/hooks.js';
import { receiveDeposit } from '../domain/banquet/deposits.js';
import { eventTaxService, priceEvent, type SoldLine } from '../domain/banquet/pricing.js';

type Row = Record<string, unknown>;

async function insert(db: Db, table: string, values: Row): Promise<number> {
  const cols = Object.keys(values);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) VALUES (${sql.join(cols.map((c) => values[c]))}) RETURNING id`.execute(
    db,
  );
  return Number(rows[0].id);
}

async function idOf(db: Db, table: string, branchId: number, code: string, extra = sql``): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM ${sql.table(table)} WHERE branch_id = ${branchId} AND code = ${code} ${extra}`.execute(db);
  if (!rows[0]) throw new Error(`banquet seed: no ${table} ${code} in property ${branchId}`);
  return Number(rows[0].id);
}

/** [code, name, Indonesian name, set-up minutes, tear-down minutes] */
const SETUPS: [string, string, string, number, number][] = [
  ['THEATRE', 'Theatre', 'Teater', 60, 45],
  ['CLASS', 'Classroom', 'Kelas', 90, 60],
  ['ROUND', 'Banquet round tables', 'Meja bundar banquet', 180, 120],
  ['USHAPE', 'U-shape', 'Bentuk U', 60, 45],
  ['COCKTAIL', 'Cocktail (standing)', 'Koktail (berdiri)', 90, 60],
];

/** [code, name, Indonesian name, floor, m², half day, day, colour, capacities by set-up, parts] */
type VenueSeed = [string, string, string, string, number, number, number, string, Record<string, number>, string[]];
const VENUES: Record<string, VenueSeed[]> = {
  GNB: [
    [
      'BNA',
      'Ballroom Nusantara A',
      'Ballroom Nusantara A',
      'Ground',
      380,
      9_000_000,
      15_000_000,
      '#2f6fb0',
      { THEATRE: 350, CLASS: 180, ROUND: 220, COCKTAIL: 400 },
      [],
    ],
    [
      'BNB',
      'Ballroom Nusantara B',
      'Ballroom Nusantara B',
      'Ground',
      250,
      6_500_000,
      11_000_000,
      '#3d8b6e',
      { THEATRE: 220, CLASS: 120, ROUND: 140, USHAPE: 45, COCKTAIL: 250 },
      [],
    ],
    [
      'BNC',
      'Ballroom Nusantara C',
      'Ballroom Nusantara C',
      'Ground',
      250,
      6_500_000,
      11_000_000,
      '#8a5bb5',
      { THEATRE: 220, CLASS: 120, ROUND: 140, USHAPE: 45, COCKTAIL: 250 },
      [],
    ],
    [
      'BN',
      'Ballroom Nusantara (whole)',
      'Ballroom Nusantara (penuh)',
      'Ground',
      880,
      20_000_000,
      35_000_000,
      '#1b4f82',
      { THEATRE: 800, CLASS: 420, ROUND: 500, COCKTAIL: 900 },
      ['BNA', 'BNB', 'BNC'],
    ],
    [
      'BRAGA',
      'Braga meeting room',
      'Ruang rapat Braga',
      '2nd',
      90,
      3_000_000,
      5_000_000,
      '#c0772c',
      { THEATRE: 80, CLASS: 48, USHAPE: 30 },
      [],
    ],
    ['DAGO', 'Dago boardroom', 'Ruang direksi Dago', '2nd', 45, 2_000_000, 3_500_000, '#a33e4a', { USHAPE: 18, CLASS: 20 }, []],
    [
      'TERRACE',
      'Garden terrace',
      'Teras taman',
      'Ground',
      300,
      5_000_000,
      8_500_000,
      '#5b8a2f',
      { THEATRE: 200, ROUND: 150, COCKTAIL: 250 },
      [],
    ],
  ],
  NBR: [
    [
      'PAVILION',
      'Beach pavilion',
      'Paviliun pantai',
      'Ground',
      400,
      8_000_000,
      14_000_000,
      '#2f6fb0',
      { ROUND: 200, COCKTAIL: 300, THEATRE: 300 },
      [],
    ],
    ['KUTA', 'Kuta meeting room', 'Ruang rapat Kuta', '1st', 80, 2_500_000, 4_000_000, '#c0772c', { CLASS: 40, USHAPE: 25 }, []],
  ],
};

/** The front-office articles banquet bills post under, with their revenue accounts (USALI: F&B's other revenue). */
const ARTICLES: [string, string, string, string, string][] = [
  ['BQFB', 'Banquet food and beverage', 'food', 'FB', '4205.01'],
  ['BQHIRE', 'Function room hire', 'fee', 'FB', '4206.01'],
  ['BQOTH', 'Banquet equipment and other', 'other', 'FB', '4205.01'],
];

interface EventSeed {
  name: string;
  type: string;
  day: number;
  client: { account: string } | { guest: string };
  contact: [string, string, string];
  status: 'inquiry' | 'tentative' | 'definite' | 'cancelled';
  cancelReason?: string;
  pax: [number, number | null];
  pricing: 'package' | 'items';
  packagePrice: string | null;
  taxService: string;
  items: (SoldLine & { menu?: string; venue?: string; hire?: 'half_day' | 'day'; description?: string })[];
  /** [days from the business date the deposit is due, amount, received now] */
  deposits: [number, string, boolean][];
  /** [day offset from the event, start, end, venue, set-up, what happens, kitchen, banquet crew, engineering, pax when fewer than the event's] */
  sittings: [number, string, string, string, string, string, string | null, string | null, string | null, number?][];
  option?: number;
  allotment?: { code: string; rooms: number };
  note?: string;
}

/**
 * The demo's function book at the Grand Nusantara Bandung: the Pratama–Sari wedding on Saturday (definite, nett
 * package, a deposit received — the kitchen's purchase request is for it), Telkom's two-day regional meeting
 * (definite, ++ meeting package, a guest-room block), Bank Mandiri's customer gala (tentative, priced by items from
 * the restaurant's menu), an inquiry, and a gathering cancelled with its reason. Rooms, set-ups and capacities
 * for both properties. Prices are worked out by the banquet's own pricing, deposits received through its own
 * posting, as the screens would.
 */
export async function seedBanquet(db: Db, branches: Record<string, number>, businessDate: string) {
  for (const [code, branchId] of Object.entries(branches)) {
    const setup: Record<string, number> = {};
    for (const [c, name, nameId, before, after] of SETUPS)
      setup[c] = await insert(db, 'bq_setup', {
        branch_id: branchId,
        code: c,
        name,
        name_id: nameId,
        setup_minutes: before,
        teardown_minutes: after,
      });
    const venue: Record<string, number> = {};
    for (const [c, name, nameId, floor, area, half, day, color, capacity, parts] of VENUES[code] ?? []) {
      venue[c] = await insert(db, 'bq_venue', {
        branch_id: branchId,
        code: c,
        name,
        name_id: nameId,
        floor,
        area_sqm: area,
        hire_half_day: half,
        hire_day: day,
        color,
      });
      for (const [i, [s, seats]] of Object.entries(capacity).entries())
        await insert(db, 'bq_venue_capacity', {
          branch_id: branchId,
          venue_id: venue[c],
          line_no: i + 1,
          setup_id: setup[s],
          capacity: seats,
        });
      for (const [i, p] of parts.entries())
        await insert(db, 'bq_venue_part', { branch_id: branchId, venue_id: venue[c], line_no: i + 1, part_id: venue[p] });
    }
    const article: number[] = [];
    for (const [c, name, kind, dept, gl] of ARTICLES) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO fo_article (branch_id, code, name, kind, department_id, main_article_id, tax_service_id, gl_account, manual_post)
        SELECT ${branchId}, ${c}, ${name}, ${kind}, d.id, m.id, t.id, ${gl}, false
          FROM department d, main_article m, tax_service t
         WHERE d.branch_id = ${branchId} AND d.code = ${dept} AND m.branch_id = ${branchId} AND m.code = 'FB' AND t.branch_id = ${branchId} AND t.code = 'TS21'
        RETURNING id`.execute(db);
      article.push(Number(rows[0].id));
    }
    await sql`INSERT INTO bq_setting (branch_id, fnb_article_id, hire_article_id, other_article_id)
              VALUES (${branchId}, ${article[0]}, ${article[1]}, ${article[2]})`.execute(db);
    if (code === 'GNB') await seedEvents(db, branchId, businessDate, setup, venue);
  }
}

async function seedEvents(db: Db, branchId: number, businessDate: string, setup: Record<string, number>, venue: Record<string, number>) {
  const day = (n: number) => dayjs(businessDate).add(n, 'day').format('YYYY-MM-DD');
  const { rows: admin } = await sql<{ id: number }>`SELECT id FROM app_user WHERE username = 'admin'`.execute(db);
  const userId = Number(admin[0].id);
  const bride = await insert(db, 'guest', {
    branch_id: branchId,
    name: 'Sari Pratiwi',
    phone: '0812 2234 5610',
    email: 'sari.pratiwi@gmail.com',
    city: 'Bandung',
    nationality: 'ID',
  });
  const events: EventSeed[] = [
    {
      name: 'Pernikahan Pratama & Sari',
      type: 'wedding',
      day: 5,
      client: { guest: String(bride) },
      contact: ['Ibu Ratna Pratiwi', '0812 2234 5611', 'ratna.pratiwi@gmail.com'],
      status: 'definite',
      pax: [320, 300],
      pricing: 'package',
      packagePrice: '385000',
      taxService: 'TS21N',
      items: [
        { kind: 'equipment', description: 'LED screen 4 × 3 m with operator', quantity: '1', per_person: false, unit_price: '7500000' },
        { kind: 'other', description: 'Wedding cake, 5 tiers', quantity: '1', per_person: false, unit_price: '4500000' },
      ],
      deposits: [
        [-20, '30000000', true],
        [2, '50000000', false],
      ],
      sittings: [
        [
          0,
          '08:00',
          '10:00',
          'TERRACE',
          'THEATRE',
          'Akad nikah',
          'Snack box for 120 family guests at 10:00',
          'Wedding altar, 120 chairs, aisle carpet',
          'Two wireless microphones, soft music',
        ],
        [
          0,
          '11:00',
          '14:00',
          'BN',
          'ROUND',
          'Wedding reception',
          'Nusantara buffet for 300, stall Sate Maranggi and Soto Bandung',
          '30 round tables of 10, VIP table for 12, photo booth corner',
          'LED screen, stage lighting, band sound system',
        ],
      ],
      allotment: { code: 'WED-PS', rooms: 15 },
    },
    {
      name: 'Rapat Kerja Regional Telkom Jawa Barat',
      type: 'meeting',
      day: 2,
      client: { account: 'TELKOM' },
      contact: ['Wulan Sari', '0812 2201 4432', 'wulan.sari@telkom.co.id'],
      status: 'definite',
      pax: [45, 40],
      pricing: 'package',
      packagePrice: '425000',
      taxService: 'TS21',
      items: [
        { kind: 'equipment', description: 'Projector, screen and sound', quantity: '2', per_person: false, unit_price: '1500000' },
        { kind: 'room_hire', venue: 'DAGO', hire: 'half_day', quantity: '1', per_person: false, unit_price: '' },
      ],
      deposits: [[-7, '10000000', true]],
      sittings: [
        [
          0,
          '08:30',
          '17:00',
          'BRAGA',
          'CLASS',
          'Day 1: regional targets 2027',
          'Coffee break 10:00 and 15:00, lunch 12:00 at the terrace',
          'Classroom for 40, registration desk at the door',
          'Projector, two microphones',
        ],
        [
          0,
          '13:00',
          '16:00',
          'DAGO',
          'USHAPE',
          'Directors’ session',
          'Mineral water and mints',
          'U-shape for 16',
          'Video conference to Jakarta',
          16,
        ],
        [
          1,
          '08:30',
          '15:00',
          'BRAGA',
          'CLASS',
          'Day 2: workshops and closing',
          'Coffee break 10:00, lunch 12:00',
          'Classroom for 40',
          'Projector, two microphones',
        ],
      ],
      allotment: { code: 'TLK-RK', rooms: 20 },
    },
    {
      name: 'Malam Apresiasi Nasabah Bank Mandiri',
      type: 'gala',
      day: 19,
      client: { account: 'MANDIRI' },
      contact: ['Rudi Hartono', '0813 2100 7781', 'rudi.hartono@bankmandiri.co.id'],
      status: 'tentative',
      option: 7,
      pax: [250, null],
      pricing: 'items',
      packagePrice: null,
      taxService: 'TS21',
      items: [
        { kind: 'food', menu: 'S02', quantity: '1', per_person: true, unit_price: '' },
        { kind: 'food', menu: 'M01', quantity: '1', per_person: true, unit_price: '' },
        { kind: 'food', menu: 'D01', quantity: '1', per_person: true, unit_price: '' },
        { kind: 'beverage', menu: 'C01', quantity: '1', per_person: true, unit_price: '' },
        { kind: 'room_hire', venue: 'BN', hire: 'day', quantity: '1', per_person: false, unit_price: '' },
      ],
      deposits: [[5, '25000000', false]],
      sittings: [
        [
          0,
          '18:30',
          '23:00',
          'BN',
          'ROUND',
          'Gala dinner and awards',
          'Served dinner, four courses',
          '25 round tables, stage 8 × 4 m',
          'Stage lighting, LED wall, sound for a band',
        ],
      ],
    },
    {
      name: 'Seminar Kesehatan Jantung Dinkes Jawa Barat',
      type: 'conference',
      day: 9,
      client: { account: 'JABAR' },
      contact: ['dr. Maria Lestari', '0815 6012 3344', 'maria.lestari@jabarprov.go.id'],
      status: 'inquiry',
      pax: [150, null],
      pricing: 'package',
      packagePrice: '275000',
      taxService: 'TS21',
      items: [],
      deposits: [],
      sittings: [[0, '08:00', '12:00', 'BNA', 'THEATRE', 'Seminar', 'Coffee break 10:00', 'Theatre for 150', 'Projector and lectern']],
    },
    {
      name: 'Arisan Dharma Wanita Kemenkeu',
      type: 'other',
      day: 4,
      client: { account: 'KEMENKEU' },
      contact: ['Ibu Endang Susilawati', '0812 1100 2233', 'endang.s@kemenkeu.go.id'],
      status: 'cancelled',
      cancelReason: 'The association moved the gathering to its own office hall',
      pax: [80, null],
      pricing: 'package',
      packagePrice: '225000',
      taxService: 'TS21',
      items: [],
      deposits: [],
      sittings: [[0, '11:00', '14:00', 'TERRACE', 'ROUND', 'Lunch gathering', 'Set lunch', '8 round tables', null]],
    },
  ];
  const c = { trx: db, auth: { branchId, user: { id: userId } } } as unknown as HookContext;
  for (const [n, e] of events.entries()) {
    const menuPrices = new Map<string, { id: number; price: string; name: string }>();
    for (const i of e.items.filter((x) => x.menu)) {
      const { rows } = await sql<{ id: number; price: string; name: string }>`
        SELECT m.id, m.price::text, m.name FROM pos_menu m JOIN outlet o ON o.branch_id = m.branch_id AND o.id = m.outlet_id AND o.code = 'RESTO'
         WHERE m.branch_id = ${branchId} AND m.code = ${i.menu!}`.execute(db);
      menuPrices.set(i.menu!, { ...rows[0], id: Number(rows[0].id) });
    }
    const { rows: hire } = await sql<{ code: string; hire_half_day: string; hire_day: string; name: string }>`
      SELECT code, hire_half_day::text, hire_day::text, name FROM bq_venue WHERE branch_id = ${branchId}`.execute(db);
    const items = e.items.map((i) => {
      const menu = i.menu ? menuPrices.get(i.menu) : undefined;
      const room = i.venue ? hire.find((h) => h.code === i.venue)! : undefined;
      const unit_price = i.unit_price || menu?.price || (room ? (i.hire === 'day' ? room.hire_day : room.hire_half_day) : '0');
      return {
        ...i,
        unit_price,
        description: i.description ?? menu?.name ?? room?.name ?? null,
        menu_id: menu?.id ?? null,
        venue_id: i.venue ? venue[i.venue] : null,
      };
    });
    const taxService = await idOf(db, 'tax_service', branchId, e.taxService);
    const price = priceEvent(e.pax[1] ?? e.pax[0], e.packagePrice, items, await eventTaxService(db, branchId, taxService));
    let allotment: number | null = null;
    if (e.allotment) {
      const roomType = await idOf(db, 'room_type', branchId, 'DLX');
      allotment = await insert(db, 'allotment', {
        branch_id: branchId,
        code: e.allotment.code,
        company: e.name,
        room_type_id: roomType,
        from_date: day(e.day - 1),
        to_date: day(e.day + e.sittings.reduce((m, s) => Math.max(m, s[0]), 0) + 1),
        rooms: e.allotment.rooms,
        cutoff_days: 7,
        notes: `Rooms for the guests of ${e.name}`,
        created_by: userId,
      });
    }
    const account = 'account' in e.client ? await idOf(db, 'business_account', branchId, e.client.account) : null;
    const eventId = await insert(db, 'bq_event', {
      branch_id: branchId,
      number: `BEO-${dayjs(day(e.day)).format('YYYYMM')}-${String(n + 1).padStart(4, '0')}`,
      name: e.name,
      event_type: e.type,
      event_date: day(e.day),
      account_id: account,
      guest_id: 'guest' in e.client ? Number(e.client.guest) : null,
      contact_name: e.contact[0],
      contact_phone: e.contact[1],
      contact_email: e.contact[2],
      status: 'inquiry',
      option_date: e.option ? day(e.option) : null,
      pax_expected: e.pax[0],
      pax_guaranteed: e.pax[1],
      pricing: e.pricing,
      package_price: e.packagePrice,
      tax_service_id: taxService,
      allotment_id: allotment,
      language: 'id',
      ...price.total,
      note: e.note ?? null,
      created_by: userId,
    });
    for (const [i, l] of items.entries())
      await insert(db, 'bq_event_item', {
        branch_id: branchId,
        event_id: eventId,
        line_no: i + 1,
        kind: l.kind,
        menu_id: l.menu_id,
        venue_id: l.venue_id,
        hire: l.hire ?? null,
        description: l.description,
        quantity: l.quantity,
        per_person: l.per_person,
        unit_price: l.unit_price,
        amount: price.amounts[i],
      });
    for (const [i, [due, amount]] of e.deposits.entries())
      await insert(db, 'bq_event_deposit', { branch_id: branchId, event_id: eventId, line_no: i + 1, due_date: day(due), amount });
    for (const [off, start, end, v, s, title, kitchen, crew, engineering, pax] of e.sittings)
      await insert(db, 'bq_event_activity', {
        branch_id: branchId,
        event_id: eventId,
        venue_id: venue[v],
        setup_id: setup[s],
        activity_date: day(e.day + off),
        start_time: start,
        end_time: end,
        title,
        kitchen_note: kitchen,
        banquet_note: crew,
        engineering_note: engineering,
        pax: pax ?? null,
        created_by: userId,
      });
    // held the way a coordinator holds them: tentative first, so the status history reads as it happened
    const path = e.status === 'inquiry' ? [] : e.status === 'definite' ? ['tentative', 'definite'] : ['tentative'];
    for (const status of path)
      await sql`UPDATE bq_event SET status = ${status}, updated_by = ${userId} WHERE branch_id = ${branchId} AND id = ${eventId}`.execute(
        db,
      );
    if (e.status === 'cancelled')
      await sql`UPDATE bq_event SET status = 'cancelled', cancel_reason = ${e.cancelReason!}, updated_by = ${userId}
                 WHERE branch_id = ${branchId} AND id = ${eventId}`.execute(db);
    const transfer = await idOf(db, 'pay_article', branchId, 'TRBCA');
    for (const [due, amount, received] of e.deposits)
      if (received)
        await receiveDeposit(c, {
          id: eventId,
          amount,
          pay_article_id: transfer,
          reference: `Transfer of ${dayjs(day(due)).format('DD/MM/YYYY')}`,
        });
  }
}
