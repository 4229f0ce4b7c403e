/** Spec §3: the remember-agreement mark in local storage. What it holds is ours to choose: when it was accepted. */
export const AGREEMENT_KEY = 'remember-agreement';

/** Spec §9: the agreement modal appears 1.5 s after the home first loads. */
export const AGREEMENT_DELAY_MS = 1500;

export function agreementRemembered(): boolean {
  try {
    return Boolean(localStorage.getItem(AGREEMENT_KEY));
  } catch {
    return false;
  }
}

export function rememberAgreement(now = new Date()): void {
  try {
    localStorage.setItem(AGREEMENT_KEY, JSON.stringify({ acceptedAt: now.toISOString() }));
  } catch {
    // Blocked storage: the modal simply comes back next time.
  }
}
