import type { Currency } from '@wallet/shared';
import { catalogs } from './catalogs';
import { HomeView } from './home/home-page';

/** The wallet currencies: a member's home is prerendered in each, the server picks the member's. */
const CURRENCIES: readonly Currency[] = ['THB', 'LAK'];

/**
 * The screens the server paints before any JavaScript has run (tooling/prerender). The home is a member's screen:
 * its balance card is built with the server's placeholders (server/src/platform/index-page/member-screen.ts
 * `memberPlaceholders`), which the server fills for the member of the page (the page cookie of a remembered
 * session), and the rest of the home as its placeholders, until the live home mounts in its place.
 */
export const prerender = {
  catalogs,
  screens: {
    Home: {
      path: '/user/home',
      member: { variants: CURRENCIES },
      render: (variant?: string) => (
        <HomeView
          firstScreen={{
            name: '{{member.name}}',
            coin: undefined,
            total: '{{wallet.total}}',
            main: '{{wallet.main}}',
            currency: variant === 'LAK' ? 'LAK' : 'THB',
          }}
        />
      ),
    },
  },
};
