import { apiGet, apiPost } from '../../engine/api/client';
import type { Lang } from '../../core/meta/types';

/** An optional purpose of personal data the guest answers on their own. */
export interface Purpose {
  code: string;
  version: number;
  title: string;
  text: string;
}

/** The registration open on the tablet, as the guest reviews and signs it. */
export interface SigningView {
  language: Lang;
  expiresAt: string;
  hotel: string;
  registration: {
    code: string;
    guest: string;
    nationality: string | null;
    idType: string | null;
    idNumber: string | null;
    arrival: string;
    departure: string;
    roomType: string;
    room: string | null;
    rateCode: string | null;
    adults: number;
    children: number;
  };
  terms: { code: string; version: number; text: string };
  consent: string;
  purposes: Purpose[];
}

export interface TabletState {
  paired: boolean;
  device?: string;
  hotel?: string;
  opened?: boolean;
}

export interface ConsentsView {
  hotel: string;
  language: Lang;
  signedAt: string;
  arrival: string;
  departure: string;
  purposes: (Purpose & { given: boolean; withdrawnAt: string | null })[];
}

/** The public signing API (server/domain/frontoffice/signing/publicRoutes.ts): the secrets travel in HttpOnly cookies. */
export const signingApi = {
  open: (code: string) => apiPost<SigningView>('/api/public/signing/open', { code }),
  pair: (code: string) => apiPost<{ paired: true; device: string; hotel: string }>('/api/public/signing/pair', { code }),
  tablet: (signal?: AbortSignal) => apiPost<TabletState>('/api/public/signing/tablet', {}, { signal }),
  session: (signal?: AbortSignal) => apiGet<SigningView>('/api/public/signing/session', { signal }),
  language: (language: Lang) => apiPost<SigningView>('/api/public/signing/session/language', { language }),
  sign: (body: Record<string, unknown>) => apiPost<{ id: number; sha256: string; link: string }>('/api/public/signing/session/sign', body),
  cancel: () => apiPost<{ cancelled: true }>('/api/public/signing/session/cancel', {}),
  consents: (token: string) => apiPost<ConsentsView>('/api/public/consents', { token }),
  withdraw: (token: string, purpose: string) => apiPost<ConsentsView>('/api/public/consents/withdraw', { token, purpose }),
};
