// A member's first screen: the figures the server fills into a remote's prerendered screen (platform/index-page).
import { escapeHtml } from './html';
import type { RemoteModuleId } from './remote-assets';

/**
 * What the server puts into a member's first screen, read for the member of the page cookie when the route's
 * screen is a member screen (features/wallet: the same read as GET /api/wallet). Amounts in minor units.
 */
export interface MemberPageFacts {
  name: string;
  currency: 'THB' | 'LAK';
  /** The main wallet. */
  main: number;
  /** The main wallet and every game account's balance. */
  total: number;
}

/** As the front end shows an amount (shared/src/format/money.ts `formatMoney`): `1,234.56` (THB), `1,500` (LAK). */
export function formatMinor(minor: number, currency: MemberPageFacts['currency']): string {
  const scale = currency === 'LAK' ? 0 : 2;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(scale + 1, '0');
  const whole = (scale ? digits.slice(0, -scale) : digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0 ? '-' : ''}${whole}${scale ? `.${digits.slice(-scale)}` : ''}`;
}

/** The placeholders a member screen may hold, and their text (escaped for HTML by `fillMemberScreen`). */
export function memberPlaceholders(facts: MemberPageFacts): Record<string, string> {
  return {
    'member.name': facts.name,
    'wallet.main': formatMinor(facts.main, facts.currency),
    'wallet.total': formatMinor(facts.total, facts.currency),
  };
}

/** The member screen's markup with its placeholders filled (escaped); an unknown placeholder becomes empty. */
export function fillMemberScreen(html: string, facts: MemberPageFacts): string {
  const values = memberPlaceholders(facts);
  return html.replace(/\{\{([a-z]+\.[a-z]+)\}\}/g, (_m, key: string) => escapeHtml(values[key] ?? ''));
}

/**
 * A remote's first screen, prerendered with its build (tooling/prerender): static markup the page shows, inert,
 * where the remote will mount, until the live screen replaces it (shared/src/federation/first-screen.tsx).
 */
export interface FirstScreen {
  module: RemoteModuleId;
  /** The markup, from the remote's own build output. */
  html: string;
  /** Its stylesheet, a path under the site. */
  css: string;
}
