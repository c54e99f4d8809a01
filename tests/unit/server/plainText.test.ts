import { describe, expect, it } from 'vitest';
import { findControlCharacter, findTextProblem, hasCardNumber } from '../../../server/validation/plainText.js';

const receipt = (lines: Record<string, unknown>[]) => ({ number: 'RC-202611-0042', delivery_note: 'SJ-NMD-77120', lines });
const line = (description: string) => ({ item_id: 7, quantity: '24', price: '27500.00', description });

describe('texts no one types, found with the pointer to them', () => {
  it('names the third line of a receipt whose description holds a NUL', () => {
    const doc = receipt([line('Bintang 620 ml'), line('Aqua 600 ml'), line('Teh Botol\u0000 Sosro')]);
    expect(findTextProblem(doc)).toEqual({ path: '/lines/2/description', problem: 'plainText' });
    expect(findControlCharacter(doc)).toBe('/lines/2/description');
  });

  it('names a card number typed with spaces into a remark, and passes a phone number and a bank account', () => {
    expect(findTextProblem({ remark: 'bayar pakai 4111 1111 1111 1111 ya' })).toEqual({ path: '/remark', problem: 'cardNumber' });
    expect(findTextProblem({ phone: '+62 22 4230 0881', bank_account: '1300 0123 4567 8', npwp: '01.234.567.8-901.000' })).toBeUndefined();
    expect(hasCardNumber('4111 1111 1111 1112')).toBe(false);
  });

  it('names a key holding a control character, escaped as a JSON pointer, under the path it was given', () => {
    expect(findTextProblem({ extra: { 'a/b~\u0007': 'x' } }, '/body')).toEqual({ path: '/body/extra/a~1b~0\u0007', problem: 'plainText' });
  });

  it('says "/" for a text that is itself the value, and nothing for clean documents', () => {
    expect(findTextProblem('\u001b[31m')).toEqual({ path: '/', problem: 'plainText' });
    expect(findTextProblem(receipt([line('Bintang\tdingin'), line('Aqua\r\n600 ml')]))).toBeUndefined();
  });
});
