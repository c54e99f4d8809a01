import { describe, expect, it } from 'vitest';
import { buildForm, changedValues, type Labeler } from '../../../src/engine/screens/form/buildForm.js';
import { unreadableFields, type Session } from '../../../src/engine/session/session.js';
import type { EntitySchema, FormScreen } from '../../../src/core/meta/types.js';
import guestSchema from '../../../schemas/frontoffice/guest.json';
import guestForm from '../../../screens/frontoffice/guest-form.json';

const guest = guestSchema as unknown as EntitySchema;
const form = guestForm as unknown as FormScreen;
const labels: Labeler = { field: (name) => name, enumValue: (_n, v) => String(v), t: (k) => k };
const session = (rights: string[]) => ({ user: { isAdmin: false }, rights }) as unknown as Session;

describe('fields behind a read right (x-read-right) on the screens', () => {
  it('names the guest ID number unreadable for sales, who view guests without read-id, and readable for the front office', () => {
    expect(unreadableFields(session(['frontoffice.guest:view']), guest)).toEqual(['id_number']);
    expect(unreadableFields(session(['frontoffice.guest:view', 'frontoffice.guest:read-id']), guest)).toEqual([]);
  });

  it('leaves the field off the guest form, and a save of the phone does not empty the number the server kept', () => {
    const row = { id: 7, name: 'Ratna Sari Dewi', id_number: null, phone: '0812 2100 4455' };
    const built = buildForm(guest, form, row, 'edit', labels, ['id_number']);
    expect(built.schema.properties).not.toHaveProperty('id_number');
    expect(built.hidden).not.toContain('id_number');
    const placed = form.sections.flatMap((s) => s.fields);
    expect(changedValues(guest, row, { ...row, phone: '0812 2200 3344' }, placed, built.hidden, 'edit')).toEqual({
      phone: '0812 2200 3344',
    });
  });
});
