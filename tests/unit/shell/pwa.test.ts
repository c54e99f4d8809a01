import { describe, expect, it } from 'vitest';
import { buildManifest } from '../../../src/shell/pwa.js';

describe('the installable-app manifest built at start', () => {
  const origin = 'https://pms.grandnusantara.co.id';

  it('is a full-screen English app in white whose start address is the current address', () => {
    const m = buildManifest(`${origin}/frontoffice/reservation`, origin);
    expect(m.name).toBe('Hotelier');
    expect(m.short_name).toBe('Hotelier');
    expect(m.display).toBe('fullscreen');
    expect(m.lang).toBe('en');
    expect(m.theme_color).toBe('#ffffff');
    expect(m.background_color).toBe('#ffffff');
    expect(m.start_url).toBe(`${origin}/frontoffice/reservation`);
    expect(m.launch_handler).toEqual({ client_mode: 'focus-existing' });
  });

  it('gets the Signature suffix when the address contains the text pdp, case-sensitive as in the original (/Pdp2 does not)', () => {
    expect(buildManifest(`${origin}/pdp`, origin).short_name).toBe('Hotelier Signature');
    expect(buildManifest(`${origin}/Pdp2?code=R-0042`, origin).short_name).toBe('Hotelier');
    expect(buildManifest(`${origin}/login?next=/pdp`, origin).name).toBe('Hotelier Signature');
  });

  it('lists 48, 96 and 144 px PNG icons as absolute addresses on our own origin', () => {
    const m = buildManifest(`${origin}/dashboard`, origin);
    expect(m.icons).toEqual([
      { src: `${origin}/icons/icon-48.png`, sizes: '48x48', type: 'image/png' },
      { src: `${origin}/icons/icon-96.png`, sizes: '96x96', type: 'image/png' },
      { src: `${origin}/icons/icon-144.png`, sizes: '144x144', type: 'image/png' },
    ]);
  });
});
