import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  isWeekendNight,
  priceStay,
  splitPrice,
  stayTotals,
  type RateRow,
  type TaxService,
} from '../../../server/domain/frontoffice/pricing.js';
import { applyRule, pickRule, type DynamicRule } from '../../../server/domain/frontoffice/dynamicRates.js';
import { packageRevenue } from '../../../server/domain/frontoffice/packages.js';

/** The Indonesian default: 10 % service, then 10 % PBJT on base + service (DOMAIN.md). */
const PLUS: TaxService = { servicePct: '10', taxPct: '10', taxOnService: true, priceMode: 'plus' };
const NETT: TaxService = { ...PLUS, priceMode: 'nett' };

describe('splitting a price into base, service and tax, to the whole rupiah', () => {
  it('adds 10 % service and 10 % tax on base + service to a ++ price: 1.000.000 becomes 1.210.000', () => {
    expect(splitPrice('1000000', PLUS)).toEqual({ base: '1000000', service: '100000', tax: '110000', total: '1210000' });
  });

  it('rounds each ++ component half up: service 123.456,7 → 123.457, tax 135.802,4 → 135.802', () => {
    expect(splitPrice('1234567', PLUS)).toEqual({ base: '1234567', service: '123457', tax: '135802', total: '1493826' });
    expect(splitPrice('1234565', PLUS).service).toBe('123457');
  });

  it('splits a nett price backwards (base = price ÷ 1,21) and keeps the remainder on the tax, so the parts add up to the price', () => {
    // 1.000.000 ÷ 1,21 = 826.446,28 → 826.446; service 82.644,6 → 82.645; tax = what is left: 90.909
    expect(splitPrice('1000000', NETT)).toEqual({ base: '826446', service: '82645', tax: '90909', total: '1000000' });
    expect(splitPrice('1210000', NETT)).toEqual({ base: '1000000', service: '100000', tax: '110000', total: '1210000' });
    for (const price of ['935000', '1375000', '999999', '1', '4400000']) {
      const s = splitPrice(price, NETT);
      expect(new Decimal(s.base).plus(s.service).plus(s.tax).toFixed(0), price).toBe(price);
    }
  });

  it("uses the property's own percentages, never a hard-coded 10 %: 5 % service and 11 % tax", () => {
    const own: TaxService = { servicePct: '5', taxPct: '11', taxOnService: true, priceMode: 'plus' };
    expect(splitPrice('800000', own)).toEqual({ base: '800000', service: '40000', tax: '92400', total: '932400' });
  });

  it('levies the tax on the base alone when the tax-service code says so (PBJT only, no service)', () => {
    expect(splitPrice('500000', { servicePct: '0', taxPct: '10', taxOnService: false, priceMode: 'plus' })).toEqual({
      base: '500000',
      service: '0',
      tax: '50000',
      total: '550000',
    });
  });
});

describe('weekend nights', () => {
  it('counts Friday and Saturday nights as the weekend, not Thursday or Sunday', () => {
    expect(isWeekendNight('2026-11-26')).toBe(false); // Thursday
    expect(isWeekendNight('2026-11-27')).toBe(true); // Friday
    expect(isWeekendNight('2026-11-28')).toBe(true); // Saturday
    expect(isWeekendNight('2026-11-29')).toBe(false); // Sunday
  });
});

const deluxeBar: RateRow = {
  id: 7,
  code: 'BAR',
  name: 'Best available rate',
  room_type_id: 2,
  arrangement_id: null,
  dynamic: true,
  valid_from: '2026-01-01',
  valid_to: '2027-12-31',
  weekday_price: '1210000.00',
  weekend_price: '1375000.00',
  service_pct: '10',
  tax_pct: '10',
  tax_on_service: true,
  price_mode: 'nett',
};

describe('the price of a stay', () => {
  it('prices Thursday at the weekday rate and Friday and Saturday at the weekend rate', () => {
    const nights = priceStay(deluxeBar, '2026-11-26', '2026-11-29');
    expect(nights.map((n) => [n.date, n.weekend, n.price])).toEqual([
      ['2026-11-26', false, '1210000'],
      ['2026-11-27', true, '1375000'],
      ['2026-11-28', true, '1375000'],
    ]);
    // 1.375.000 ÷ 1,21 = 1.136.363,64 → 1.136.364; service 113.636,4 → 113.636; tax takes the remaining 125.000
    expect(nights[1]).toMatchObject({ base: '1136364', service: '113636', tax: '125000', total: '1375000' });
    expect(stayTotals(nights)).toEqual({ base: '3272728', service: '327272', tax: '360000', total: '3960000' });
  });
});

const rules: DynamicRule[] = [
  {
    code: 'LOW40',
    room_type_id: null,
    date_from: '2026-01-01',
    date_to: '2027-12-31',
    occupancy_from: '0',
    occupancy_to: '40',
    adjustment_type: 'percent',
    adjustment: '-10',
  },
  {
    code: 'HIGH85',
    room_type_id: null,
    date_from: '2026-01-01',
    date_to: '2027-12-31',
    occupancy_from: '85',
    occupancy_to: '100',
    adjustment_type: 'percent',
    adjustment: '15',
  },
  {
    code: 'STE90',
    room_type_id: 5,
    date_from: '2026-01-01',
    date_to: '2027-12-31',
    occupancy_from: '90',
    occupancy_to: '100',
    adjustment_type: 'amount',
    adjustment: '500000',
  },
  {
    code: 'NYE',
    room_type_id: null,
    date_from: '2026-12-31',
    date_to: '2026-12-31',
    occupancy_from: '0',
    occupancy_to: '100',
    adjustment_type: 'amount',
    adjustment: '750000',
  },
];

describe('dynamic-rate rules', () => {
  it('picks the rule whose occupancy band holds the night: from inclusive, below exclusive, a full house in the top band', () => {
    expect(pickRule(rules, 2, '2026-11-26', '39.99')?.code).toBe('LOW40');
    expect(pickRule(rules, 2, '2026-11-26', '40')).toBeUndefined();
    expect(pickRule(rules, 2, '2026-11-26', '72.5')).toBeUndefined();
    expect(pickRule(rules, 2, '2026-11-26', '85')?.code).toBe('HIGH85');
    expect(pickRule(rules, 2, '2026-11-26', '100')?.code).toBe('HIGH85');
  });

  it('prefers a rule for the booked room type over one for every type, then the band that starts higher', () => {
    expect(pickRule(rules, 5, '2026-11-26', '92')?.code).toBe('STE90');
    expect(pickRule(rules, 2, '2026-11-26', '92')?.code).toBe('HIGH85');
    // New Year's Eve (0–100 %) and the high-demand band both hold: the band that starts higher wins
    expect(pickRule(rules, 2, '2026-12-31', '90')?.code).toBe('HIGH85');
    expect(pickRule(rules, 2, '2026-12-31', '60')?.code).toBe('NYE');
  });

  it('ignores rules outside their dates', () => {
    expect(pickRule(rules, 2, '2028-01-01', '95')).toBeUndefined();
  });

  it('moves a price by a percentage or an amount, to the whole rupiah and never below zero', () => {
    expect(applyRule('1210000', rules[0]).toFixed(0)).toBe('1089000');
    expect(applyRule('935000', rules[1]).toFixed(0)).toBe('1075250');
    expect(applyRule('1234567', { ...rules[0], adjustment: '-15' }).toFixed(0)).toBe('1049382'); // 1.049.381,95
    expect(applyRule('3500000', rules[2]).toFixed(0)).toBe('4000000');
    expect(applyRule('300000', { ...rules[2], adjustment: '-500000' }).toFixed(0)).toBe('0');
  });

  it("changes the rate's price before the nett split, and leaves an agreed override alone", () => {
    const adjust = (date: string, price: Decimal) => {
      const rule = pickRule(rules, 2, date, '20');
      return rule && { price: applyRule(price, rule), rule: rule.code };
    };
    const [thursday] = priceStay(deluxeBar, '2026-11-26', '2026-11-27', null, { adjust });
    expect(thursday).toMatchObject({
      price: '1089000',
      ratePrice: '1210000',
      dynamicRule: 'LOW40',
      base: '900000',
      service: '90000',
      tax: '99000',
      total: '1089000',
    });
    const [agreed] = priceStay(deluxeBar, '2026-11-26', '2026-11-27', '1000000', { adjust });
    expect(agreed.price).toBe('1000000');
    expect(agreed.dynamicRule).toBeUndefined();
  });
});

describe('what an arrangement takes of the nightly base', () => {
  it('counts breakfast per adult and a per-room line once, adding lines of the same article', () => {
    expect(packageRevenue([{ article: 'BF - Breakfast', amount: '125000.00', basis: 'per_person' }], 2)).toEqual([
      { article: 'BF - Breakfast', amount: '250000' },
    ]);
    expect(
      packageRevenue(
        [
          { article: 'BF - Breakfast', amount: '125000', basis: 'per_person' },
          { article: 'DIN - Dinner', amount: '250000', basis: 'per_person' },
          { article: 'TRF - Airport transfer', amount: '275000', basis: 'per_room' },
          { article: 'BF - Breakfast', amount: '50000', basis: 'per_room' },
        ],
        3,
      ),
    ).toEqual([
      { article: 'BF - Breakfast', amount: '425000' },
      { article: 'DIN - Dinner', amount: '750000' },
      { article: 'TRF - Airport transfer', amount: '275000' },
    ]);
  });

  it('leaves the rest of the base as room revenue, night by night', () => {
    const packages = packageRevenue([{ article: 'BF - Breakfast', amount: '125000', basis: 'per_person' }], 2);
    const nights = priceStay({ ...deluxeBar, price_mode: 'plus', weekday_price: '880000' }, '2026-11-24', '2026-11-25', null, { packages });
    expect(nights[0]).toMatchObject({
      base: '880000',
      packages: [{ article: 'BF - Breakfast', amount: '250000' }],
      roomRevenue: '630000',
      total: '1064800',
    });
  });
});
