import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch';
import './pdp.css';

/** The frame of the guest's own pages (consents, privacy, pairing): full screen on a tablet or a phone, the language to hand. */
export function PdpPage({ children }: { children: ReactNode }) {
  return (
    <div className="public-page pdp-page">
      <div className="pdp-frame">
        <div className="pdp-top">
          <img src="/icons/icon-48.png" alt="" />
          <LanguageSwitch />
        </div>
        {children}
      </div>
    </div>
  );
}
