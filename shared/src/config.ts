/**
 * Build-time settings. Webpack's DefinePlugin replaces `process.env.WALLET_*` in production builds
 * (see tooling/webpack.app.js); tests read the real environment.
 */
export interface BuildConfig {
  /** Laos build: Lao is the default language, the wallet is in kip, phone length is not fixed. */
  laos: boolean;
  /** Backend base URL; empty means the same origin that served the page. */
  apiBaseUrl: string;
  /** Open game auto-login links in a new tab. */
  openGameInNewTab: boolean;
  /** Fixed prefix of the inviter code in registration links. */
  inviteCodePrefix: string;
}

export const buildConfig: BuildConfig = {
  laos: process.env.WALLET_LAOS === '1',
  apiBaseUrl: process.env.WALLET_API_BASE ?? '',
  openGameInNewTab: process.env.WALLET_GAME_NEW_TAB !== '0',
  inviteCodePrefix: process.env.WALLET_INVITE_PREFIX ?? 'WL',
};

export const APP_VERSION = '1.1.14';
