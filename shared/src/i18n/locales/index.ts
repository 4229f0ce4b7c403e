import thCommon from './th/common.json';
import laCommon from './la/common.json';
import enCommon from './en/common.json';
import thErrors from './th/errors.json';
import laErrors from './la/errors.json';
import enErrors from './en/errors.json';
import thHost from './th/host.json';
import laHost from './la/host.json';
import enHost from './en/host.json';
import thAuth from './th/auth.json';
import laAuth from './la/auth.json';
import enAuth from './en/auth.json';
import thWallet from './th/wallet.json';
import laWallet from './la/wallet.json';
import enWallet from './en/wallet.json';
import thBonus from './th/bonus.json';
import laBonus from './la/bonus.json';
import enBonus from './en/bonus.json';
import thSpin from './th/spin.json';
import laSpin from './la/spin.json';
import enSpin from './en/spin.json';
import thChat from './th/chat.json';
import laChat from './la/chat.json';
import enChat from './en/chat.json';

export const LOCALES = ['th', 'la', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** One namespace per part; each part owns its files. `errors` is the server's error catalogue (spec §8). */
export const NAMESPACES = ['common', 'errors', 'host', 'auth', 'wallet', 'bonus', 'spin', 'chat'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type Catalog = { [key: string]: string | Catalog };

export const resources: Record<Locale, Record<Namespace, Catalog>> = {
  th: {
    common: thCommon,
    errors: thErrors,
    host: thHost,
    auth: thAuth,
    wallet: thWallet,
    bonus: thBonus,
    spin: thSpin,
    chat: thChat,
  },
  la: {
    common: laCommon,
    errors: laErrors,
    host: laHost,
    auth: laAuth,
    wallet: laWallet,
    bonus: laBonus,
    spin: laSpin,
    chat: laChat,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    host: enHost,
    auth: enAuth,
    wallet: enWallet,
    bonus: enBonus,
    spin: enSpin,
    chat: enChat,
  },
};
