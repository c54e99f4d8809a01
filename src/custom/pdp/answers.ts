/**
 * What the guest has answered so far, kept in the tab's session storage so a refresh (or a step back) finds it
 * again: the terms accepted, the consent given, each purpose's answer, the signature drawn. Cleared once signed
 * or stopped; the server is told everything at once, when the guest confirms.
 */
export interface Answers {
  acceptTerms?: boolean;
  acceptConsent?: boolean;
  purposes?: Record<string, boolean>;
  signature?: string;
}

const KEY = 'hotelier.signing.answers';

export function readAnswers(): Answers {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Answers;
  } catch {
    return {};
  }
}

export function keepAnswers(change: Partial<Answers>): Answers {
  const next = { ...readAnswers(), ...change };
  sessionStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

export function forgetAnswers() {
  sessionStorage.removeItem(KEY);
}
