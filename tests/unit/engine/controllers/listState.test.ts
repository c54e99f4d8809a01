import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filterKind,
  parseListState,
  screenFilter,
  toApiFilter,
  writeListState,
} from '../../../../src/engine/controllers/list/listState.js';
import type { EntitySchema, ListScreen } from '../../../../src/core/meta/types.js';
import auditSchema from '../../../../schemas/system/audit-log.json';
import auditList from '../../../../screens/system/log.json';
import payArticleSchema from '../../../../schemas/system/pay-article.json';
import payArticleList from '../../../../screens/system/pay-article.json';
import reservationSchema from '../../../../schemas/frontoffice/reservation.json';
import inHouseList from '../../../../screens/frontoffice/in-house.json';
import folioList from '../../../../screens/frontoffice/folio-list.json';

const articles = payArticleSchema as unknown as EntitySchema;
const articleList = payArticleList as unknown as ListScreen;
const audit = auditSchema as unknown as EntitySchema;
const log = auditList as unknown as ListScreen;

/** A reservation-like entity with a stay date, to prove date (not date-time) ranges. */
const arrivals: EntitySchema = {
  $id: 'fixture/arrival',
  type: 'object',
  'x-permission': 'fixture.arrival',
  'x-db': { table: 'arrival', scope: 'branch' },
  properties: {
    arrival_date: { type: 'string', format: 'date' },
    nights: { type: 'integer' },
    guest_name: { type: 'string', maxLength: 80 },
  },
};
const arrivalList: ListScreen = {
  kind: 'list',
  entity: 'fixture/arrival',
  title: 'x',
  columns: [],
  filters: ['arrival_date', 'nights', 'guest_name'],
};

let tz: string | undefined;
beforeAll(() => {
  tz = process.env.TZ;
  process.env.TZ = 'Asia/Jakarta';
});
afterAll(() => {
  process.env.TZ = tz;
});

describe('list state lives in the address', () => {
  it('reads the default sort of the screen when the address has none', () => {
    const s = parseListState(new URLSearchParams(''), log, audit);
    expect(s).toEqual({ q: '', sort: 'at', dir: 'desc', filters: {}, edit: undefined });
  });

  it('round-trips search, sort, filters, a date range and the open form through the URL', () => {
    const url = 'q=visa&sort=name&dir=desc&f.payment_type=card&f.active=true&f.group_id=2&edit=12';
    const s = parseListState(new URLSearchParams(url), articleList, articles);
    expect(s).toEqual({
      q: 'visa',
      sort: 'name',
      dir: 'desc',
      filters: { payment_type: 'card', active: 'true', group_id: '2' },
      edit: '12',
    });
    const again = parseListState(writeListState(s), articleList, articles);
    expect(again).toEqual(s);

    const range = parseListState(new URLSearchParams('f.at.from=2026-11-01&f.at.to=2026-11-30'), log, audit);
    expect(range.filters).toEqual({ at: { from: '2026-11-01', to: '2026-11-30' } });
    expect(writeListState(range).toString()).toBe('sort=at&dir=desc&f.at.from=2026-11-01&f.at.to=2026-11-30');
  });

  it('ignores filters the screen does not offer and an invalid direction', () => {
    const s = parseListState(new URLSearchParams('f.gl_account=1101&dir=sideways'), articleList, articles);
    expect(s.filters).toEqual({});
    expect(s.dir).toBe('asc');
  });
});

describe('toApiFilter: the URL values become typed API filters', () => {
  it('types booleans, lookups, enums, numbers and text', () => {
    expect(toApiFilter({ q: '', dir: 'asc', filters: { active: 'false', group_id: '2', payment_type: 'card' } }, articles)).toEqual({
      active: { op: 'eq', value: false },
      group_id: { op: 'eq', value: 2 },
      payment_type: { op: 'eq', value: 'card' },
    });
    expect(toApiFilter({ q: '', dir: 'asc', filters: { nights: '3', guest_name: 'Wijaya' } }, arrivals)).toEqual({
      nights: { op: 'eq', value: 3 },
      guest_name: { op: 'contains', value: 'Wijaya' },
    });
  });

  it('makes a date range half-open: "to 30/11" includes the whole 30th', () => {
    const s = parseListState(new URLSearchParams('f.arrival_date.from=2026-11-23&f.arrival_date.to=2026-11-30'), arrivalList, arrivals);
    expect(toApiFilter(s, arrivals)).toEqual({ arrival_date: { op: 'range', value: ['2026-11-23', '2026-12-01'] } });
  });

  it('rolls a range ending on the last day of the year into the next year', () => {
    expect(toApiFilter({ q: '', dir: 'asc', filters: { arrival_date: { to: '2026-12-31' } } }, arrivals)).toEqual({
      arrival_date: { op: 'range', value: [null, '2027-01-01'] },
    });
  });

  it('takes a date-time range from local midnight to the local midnight after the last day (WIB)', () => {
    const s = parseListState(new URLSearchParams('f.at.from=2026-11-01&f.at.to=2026-11-30'), log, audit);
    expect(toApiFilter(s, audit)).toEqual({ at: { op: 'range', value: ['2026-10-31T17:00:00.000Z', '2026-11-30T17:00:00.000Z'] } });
  });

  it('knows the kind of filter each field gets', () => {
    expect(filterKind(articles.properties.active)).toBe('boolean');
    expect(filterKind(articles.properties.group_id)).toBe('ref');
    expect(filterKind(articles.properties.payment_type)).toBe('enum');
    expect(filterKind(audit.properties.at)).toBe('dateRange');
    expect(filterKind(undefined)).toBe('text');
  });
});

describe('a list of one day', () => {
  const inHouse = inHouseList as unknown as ListScreen;
  const reservation = reservationSchema as unknown as EntitySchema;

  it('asks for the stays in house on the night of the day chosen, whatever else the user filters', () => {
    expect(screenFilter(inHouse, '2026-11-23')).toEqual({
      status: { op: 'in', value: ['in_house', 'checked_out'] },
      arrival: { op: 'lte', value: '2026-11-23' },
      departure: { op: 'gt', value: '2026-11-23' },
    });
  });

  it('narrows the folios to one stay when the address names it, and shows them all when it does not', () => {
    const folios = folioList as unknown as ListScreen;
    expect(screenFilter(folios, undefined, { id: '1042' })).toEqual({ reservation_id: { op: 'eq', value: 1042 } });
    expect(screenFilter(folios, undefined, {})).toEqual({});
  });

  it('keeps the day in the address so a link shows the same night, and ignores a day that is not a date', () => {
    const state = parseListState(new URLSearchParams('day=2026-12-31&q=Wibawa'), inHouse, reservation);
    expect(state.day).toBe('2026-12-31');
    expect(writeListState(state).get('day')).toBe('2026-12-31');
    expect(parseListState(new URLSearchParams('day=31/12/2026'), inHouse, reservation).day).toBeUndefined();
  });
});
