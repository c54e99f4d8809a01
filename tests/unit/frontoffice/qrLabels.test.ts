import { describe, expect, it } from 'vitest';
import { defaultTemplate, fillTemplate } from '../../../src/custom/frontoffice/qrLabels.js';

describe('QR label contents', () => {
  it('opens the room in Hotelier by default', () => {
    expect(
      fillTemplate(defaultTemplate('room', 'https://pms.grandnusantara.co.id'), { code: '512', name: 'Deluxe', property: 'GNB' }),
    ).toBe('https://pms.grandnusantara.co.id/frontoffice/master/room?q=512');
  });

  it('encodes the values inside a link, and leaves plain text as it is', () => {
    expect(
      fillTemplate('https://menu.example.id/{property}/{name}', { code: 'RESTO', name: 'Kembang Restaurant & Bar', property: 'GNB' }),
    ).toBe('https://menu.example.id/GNB/Kembang%20Restaurant%20%26%20Bar');
    expect(fillTemplate('Wi-Fi {property}-{code}', { code: '512', name: 'Deluxe', property: 'GNB' })).toBe('Wi-Fi GNB-512');
  });
});
