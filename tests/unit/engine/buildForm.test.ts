import { describe, expect, it } from 'vitest';
import { buildForm, changedValues, inferWidget, type Labeler } from '../../../src/engine/screens/form/buildForm.js';
import type { EntitySchema, FormScreen } from '../../../src/core/meta/types.js';
import printerSchema from '../../../schemas/system/pos-printer.json';
import printerForm from '../../../screens/system/pos-printer-form.json';
import userSchema from '../../../schemas/system/user.json';
import userForm from '../../../screens/system/user-form.json';
import reservationSchema from '../../../schemas/frontoffice/reservation.json';
import reservationForm from '../../../screens/frontoffice/reservation-form.json';
import { staleDependents } from '../../../src/core/documents/refFilter.js';

const entity = printerSchema as unknown as EntitySchema;
const form = printerForm as unknown as FormScreen;

/** Labels as the Indonesian desk sees them; keys are visible so the test can check which one was asked for. */
const labels: Labeler = {
  field: (name, explicit) => `label:${explicit ?? name}`,
  enumValue: (name, value) => `${name}=${String(value)}`,
  t: (key) => `t:${key}`,
};

describe('buildForm: an entity schema and a form screen become what rjsf renders', () => {
  it('places every field of the POS printer form in its section, with labels in the user language', () => {
    const built = buildForm(entity, form, { connection: 'network' }, 'create', labels);
    const sections = built.uiSchema['ui:options'].sections;
    expect(sections).toHaveLength(1);
    expect(sections[0].fields).toEqual(['outlet_id', 'name', 'purpose', 'connection', 'address', 'paper_width', 'copies', 'active']);
    expect(built.uiSchema.name['ui:title']).toBe('label:name');
    expect(built.uiSchema.address['ui:help']).toBe('t:pos-printer.addressHelp');
  });

  it('shows and requires the printer address when the printer is on the network', () => {
    const built = buildForm(entity, form, { connection: 'network' }, 'create', labels);
    expect(built.hidden).toEqual([]);
    expect(built.schema.required).toContain('address');
    expect(built.schema.properties.address.type).toBe('string');
  });

  it('shows the address as optional for a USB printer and hides it for a browser printer', () => {
    const usb = buildForm(entity, form, { connection: 'usb' }, 'create', labels);
    expect(usb.schema.required).not.toContain('address');
    expect(usb.schema.properties.address.type).toEqual(['string', 'null']);
    const browser = buildForm(entity, form, { connection: 'browser' }, 'create', labels);
    expect(browser.hidden).toEqual(['address']);
    expect(browser.schema.properties.address).toBeUndefined();
    expect(browser.uiSchema['ui:options'].sections[0].fields).not.toContain('address');
  });

  it('requires what the entity requires and lets an optional choice be emptied with —', () => {
    const built = buildForm(entity, form, { connection: 'network' }, 'create', labels);
    expect(built.schema.required).toEqual(expect.arrayContaining(['outlet_id', 'name', 'purpose', 'connection', 'paper_width', 'copies']));
    expect(built.uiSchema.purpose['ui:enumNames']).toEqual([
      'purpose=bill',
      'purpose=kitchen',
      'purpose=bar',
      'purpose=amenity',
      'purpose=report',
    ]);
    expect(built.schema.properties.active.type).toEqual(['boolean', 'null']);
  });

  it('strips x- keywords from the schema rjsf sees and names the lookup entity and its filter', () => {
    const built = buildForm(entity, form, { connection: 'network' }, 'create', labels);
    expect(JSON.stringify(built.schema)).not.toMatch(/"x-/);
    expect(built.uiSchema.outlet_id['ui:widget']).toBe('lookup');
    expect(built.uiSchema.outlet_id['ui:options']).toEqual({ entity: 'system/outlet', filter: { active: { op: 'eq', value: true } } });
  });

  it('makes the user name read-only when editing and shows the initial password only when creating', () => {
    const users = userSchema as unknown as EntitySchema;
    const create = buildForm(users, userForm as unknown as FormScreen, {}, 'create', labels);
    expect(create.uiSchema.username['ui:readonly']).toBeUndefined();
    expect(create.schema.required).toContain('password');
    expect(create.uiSchema.password['ui:widget']).toBe('password');
    const edit = buildForm(users, userForm as unknown as FormScreen, { username: 'frontdesk' }, 'edit', labels);
    expect(edit.uiSchema.username['ui:readonly']).toBe(true);
    expect(edit.hidden).toEqual(['password']);
    expect(edit.uiSchema.branch_ids['ui:widget']).toBe('multiLookup');
  });
});

describe('inferWidget', () => {
  it('picks the widget from the type and format', () => {
    expect(inferWidget({ type: 'string', format: 'money' })).toBe('money');
    expect(inferWidget({ type: 'string', format: 'date' })).toBe('date');
    expect(inferWidget({ type: 'string', format: 'date-time' })).toBe('datetime');
    expect(inferWidget({ type: 'string', format: 'time-hm' })).toBe('time');
    expect(inferWidget({ type: 'boolean' })).toBe('checkbox');
    expect(inferWidget({ type: 'string', enum: ['plus', 'nett'] })).toBe('select');
    expect(inferWidget({ type: 'integer', 'x-ref': 'system/bank' })).toBe('lookup');
    expect(inferWidget({ type: 'string', maxLength: 300 })).toBe('textarea');
    expect(inferWidget({ type: 'string', maxLength: 80 })).toBe('text');
    expect(inferWidget({ type: 'string', maxLength: 80, 'x-ui': { widget: 'color' } })).toBe('color');
  });
});

describe('changedValues: what a save sends', () => {
  const placed = form.sections[0].fields;

  it('sends every filled field of a new printer and leaves empty ones out', () => {
    const current = {
      outlet_id: 3,
      name: 'RESTO bill',
      purpose: 'bill',
      connection: 'network',
      address: '192.168.10.21:9100',
      paper_width: 80,
      copies: 1,
      active: true,
      note: 'not placed',
    };
    expect(changedValues(entity, {}, { ...current, address: '' }, placed, [], 'create')).toEqual({
      outlet_id: 3,
      name: 'RESTO bill',
      purpose: 'bill',
      connection: 'network',
      paper_width: 80,
      copies: 1,
      active: true,
    });
  });

  it('sends only what changed on an edit, an emptied field as null', () => {
    const initial = {
      outlet_id: 3,
      name: 'RESTO bill',
      purpose: 'bill',
      connection: 'network',
      address: '192.168.10.21:9100',
      paper_width: 80,
      copies: 1,
      active: true,
    };
    const current = { ...initial, copies: 2, address: '' };
    expect(changedValues(entity, initial, current, placed, [], 'edit')).toEqual({ copies: 2, address: null });
    expect(changedValues(entity, initial, { ...initial }, placed, [], 'edit')).toEqual({});
  });

  it('clears a field its condition hid (a browser printer has no address)', () => {
    const initial = { connection: 'network', address: '192.168.10.21:9100' };
    const current = { connection: 'browser', address: '192.168.10.21:9100' };
    expect(changedValues(entity, initial, current, placed, ['address'], 'edit')).toEqual({ connection: 'browser', address: null });
  });

  it('never sends read-only fields', () => {
    const users = userSchema as unknown as EntitySchema;
    expect(changedValues(users, { locked: false }, { locked: true, full_name: 'Siti R.' }, ['locked', 'full_name'], [], 'edit')).toEqual({
      full_name: 'Siti R.',
    });
  });
});

describe('dependent lookups of the reservation form', () => {
  const reservation = reservationSchema as unknown as EntitySchema;
  const rform = reservationForm as unknown as FormScreen;
  const stay = { room_type_id: 4, arrival: '2027-12-30', departure: '2028-01-01' };

  it('offers the rooms of the chosen room type that are free for the stay, this booking excepted', () => {
    const built = buildForm(reservation, rform, { ...stay, id: 812 }, 'edit', labels);
    expect(built.uiSchema.room_id['ui:options']).toEqual({
      entity: 'frontoffice/room',
      filter: { room_type_id: { op: 'eq', value: 4 } },
      scope: { name: 'freeForStay', params: { arrival: '2027-12-30', departure: '2028-01-01', reservation: 812 } },
    });
  });

  it('offers rate codes of the room type valid from the arrival to the last night', () => {
    const built = buildForm(reservation, rform, stay, 'create', labels);
    expect(built.uiSchema.rate_code_id['ui:options'].filter).toEqual({
      room_type_id: { op: 'eq', value: 4 },
      valid_from: { op: 'lte', value: '2027-12-30' },
      valid_to: { op: 'gte', value: '2027-12-31' },
    });
  });

  it('offers every room until a room type and dates are chosen, and waits with the free-room rule', () => {
    const built = buildForm(reservation, rform, {}, 'create', labels);
    expect(built.uiSchema.room_id['ui:options']).toEqual({ entity: 'frontoffice/room', filter: {} });
  });

  it('empties the room when the room type changes, but not the rate code when only the dates move', () => {
    const before = { ...stay, room_id: 31, rate_code_id: 7 };
    expect(staleDependents(reservation.properties, before, { ...before, room_type_id: 5 })).toEqual(['room_id', 'rate_code_id']);
    expect(staleDependents(reservation.properties, before, { ...before, departure: '2028-01-02' })).toEqual([]);
  });
});
