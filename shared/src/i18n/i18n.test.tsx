import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mountRootParcel } from 'single-spa';
import { createRemoteParcel, registerCatalogs } from '../parcel/create-remote-parcel';
import { bus } from '../bus/bus';
import { toast } from '../ui/toast';
import { LanguageSwitcher } from '../ui/language-switcher';
import { useTranslation } from 'react-i18next';
import { i18n, i18nReady, setLocale } from './i18n';
import type { Catalog } from './locales';

/** A part's catalogs as loaders that count their calls; `broken` languages fail like a chunk that is not there. */
function demoPart(ns: string, broken: string[] = []) {
  const calls: string[] = [];
  const loader = (lng: string, text: string) => async (): Promise<{ default: Catalog }> => {
    calls.push(lng);
    await Promise.resolve();
    if (broken.includes(lng)) throw new Error(`Loading chunk ${ns}-${lng} failed`);
    return { default: { hello: text } };
  };
  const catalogs = {
    ns,
    resources: { th: loader('th', 'สวัสดี'), la: loader('la', 'ສະບາຍດີ'), en: loader('en', 'Hello') },
  };
  return { catalogs, calls, heal: () => broken.splice(0) };
}

beforeAll(async () => {
  await i18nReady();
});

afterEach(async () => {
  await act(async () => {
    await setLocale('th');
  });
});

describe('catalogs loaded per language', () => {
  it('loads only the page language of the shared strings', () => {
    expect(i18n.language).toBe('th');
    expect(i18n.hasResourceBundle('th', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('th', 'errors')).toBe(true);
    expect(i18n.hasResourceBundle('la', 'common')).toBe(false);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
  });

  it("registers a part with its page language's strings loaded, and no other", async () => {
    const part = demoPart('demo1');
    await registerCatalogs(part.catalogs);
    expect(part.calls).toEqual(['th']);
    expect(i18n.t('demo1:hello')).toBe('สวัสดี');
  });

  it("a switch loads the new language's strings of every registered part before the language changes", async () => {
    const part = demoPart('demo2');
    await registerCatalogs(part.catalogs);
    const seenOnSwitch: string[] = [];
    const onChanged = () => seenOnSwitch.push(i18n.t('demo2:hello'), i18n.t('language.label'));
    i18n.on('languageChanged', onChanged);
    try {
      await setLocale('en');
    } finally {
      i18n.off('languageChanged', onChanged);
    }
    expect(seenOnSwitch).toEqual(['Hello', 'Language']);
    expect(part.calls).toEqual(['th', 'en']);
    expect(i18n.hasResourceBundle('la', 'demo2')).toBe(false);
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('locale')).toBe('en');
    expect(document.cookie).toContain('i18next=en');
  });

  it('a missing chunk fails the switch: the language stays, the error says what is missing, a retry works', async () => {
    const part = demoPart('demo3', ['la']);
    await registerCatalogs(part.catalogs);
    await expect(setLocale('la')).rejects.toThrow(/"demo3" strings in "la" could not be loaded/);
    expect(i18n.language).toBe('th');
    expect(i18n.t('demo3:hello')).toBe('สวัสดี');

    part.heal();
    await setLocale('la');
    expect(i18n.language).toBe('la');
    expect(i18n.t('demo3:hello')).toBe('ສະບາຍດີ');
  });

  it('registering a part whose page-language chunk is missing rejects', async () => {
    const part = demoPart('demo4', ['th']);
    await expect(registerCatalogs(part.catalogs)).rejects.toThrow(/"demo4" strings in "th"/);
    expect(i18n.t('demo4:hello')).toBe('hello');
    part.heal();
  });
});

describe('the language switcher', () => {
  function Greeting() {
    const { t } = useTranslation('demo5');
    return <p>{t('hello')}</p>;
  }

  it('shows the translated text of a part after switching', async () => {
    await registerCatalogs(demoPart('demo5').catalogs);
    const user = userEvent.setup();
    render(
      <>
        <LanguageSwitcher />
        <Greeting />
      </>,
    );
    expect(screen.getByText('สวัสดี')).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('language-switcher'), 'en');
    expect(await screen.findByText('Hello')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  it("says so and keeps the language when a part's chunk is missing", async () => {
    const part = demoPart('demo6', ['en']);
    await registerCatalogs(part.catalogs);
    const error = jest.spyOn(toast, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    render(<LanguageSwitcher />);
    await user.selectOptions(screen.getByTestId('language-switcher'), 'en');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(error).toHaveBeenCalledWith('เปลี่ยนภาษาไม่สำเร็จ ลองใหม่อีกครั้ง');
    expect(i18n.language).toBe('th');
    expect(screen.getByTestId('language-switcher')).toHaveValue('th');
    error.mockRestore();
    part.heal();
  });
});

describe("a remote's parcel", () => {
  function Hello() {
    const { t } = useTranslation('demo7');
    return <p>{t('hello')}</p>;
  }

  it('mounts once its strings in the page language are loaded (no key on screen)', async () => {
    await setLocale('en');
    const part = demoPart('demo7');
    const config = createRemoteParcel(Hello, 'mfe_demo/Hello', { catalogs: part.catalogs });
    const domElement = document.createElement('div');
    document.body.append(domElement);
    // Not inside act(): single-spa-react's mount resolves from an effect of the parcel's own root.
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const parcel = mountRootParcel(config, { domElement });
      expect(domElement.textContent).toBe('');
      await parcel.mountPromise;
      expect(part.calls).toEqual(['en']);
      expect(domElement.textContent).toBe('Hello');
      await parcel.unmount();
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('shows the unavailable panel and reports the failure when its strings cannot be loaded; a retry loads them', async () => {
    const part = demoPart('demo8', ['th']);
    const failures: string[] = [];
    const subscription = bus.on('remote:failed').subscribe(({ error }) => failures.push(error));
    const config = createRemoteParcel(Hello, 'mfe_demo/Broken', { catalogs: part.catalogs });
    const domElement = document.createElement('div');
    const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const parcel = mountRootParcel(config, { domElement });
      await parcel.mountPromise;
      expect(domElement.querySelector('.wl-unavailable')).toHaveAttribute('data-remote', 'mfe_demo/Broken');
      expect(domElement.textContent).not.toContain('hello');
      expect(failures).toEqual([expect.stringMatching(/"demo8" strings in "th" could not be loaded/)]);
      await parcel.unmount();

      part.heal();
      const again = mountRootParcel(config, { domElement });
      await again.mountPromise;
      expect(domElement.textContent).toBe('สวัสดี');
      await again.unmount();
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
      subscription.unsubscribe();
    }
  });
});
