import { readInlineRemoteDirectory } from '@wallet/shared/federation';
import { adoptPageLanguage, readSiteBlock, removeStaticFrame } from './static-frame';

/** A page as the server renders it: data blocks, the frame, the empty root. */
function renderPage(site: unknown, remotes: unknown): HTMLElement {
  document.head.innerHTML =
    `<script type="application/json" id="remotes">${JSON.stringify(remotes)}</script>` +
    `<script type="application/json" id="site">${JSON.stringify(site)}</script>`;
  document.body.innerHTML =
    '<div id="shell-frame" class="host-shell"><header class="host-topbar"></header></div><div id="root"></div>';
  return document.getElementById('root') as HTMLElement;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('the data blocks of the page', () => {
  test('the inline remotes map becomes the directory: only enabled remotes the shell knows', () => {
    renderPage(
      {},
      {
        remotes: [
          {
            name: 'mfe_auth',
            folder: 'mfe-auth',
            entry: '/remotes/mfe-auth/mf-manifest.json',
            enabled: true,
          },
          {
            name: 'mfe_spin',
            folder: 'mfe-spin',
            entry: '/remotes/mfe-spin/mf-manifest.json',
            enabled: false,
          },
          { name: 'mfe_other', folder: 'mfe-other', entry: '/x', enabled: true },
        ],
      },
    );
    const directory = readInlineRemoteDirectory();
    expect(directory?.enabled.map((r) => r.name)).toEqual(['mfe_auth']);
    expect(directory?.isEnabled('mfe_spin')).toBe(false);
  });

  test('no block, or one that is not the map, means asking /remotes.json', () => {
    expect(readInlineRemoteDirectory()).toBeUndefined();
    document.head.innerHTML = '<script type="application/json" id="remotes">{not json</script>';
    expect(readInlineRemoteDirectory()).toBeUndefined();
    document.head.innerHTML = '<script type="application/json" id="remotes">{"remotes":3}</script>';
    expect(readInlineRemoteDirectory()).toBeUndefined();
  });

  test('the site block: only its known fields, as strings', () => {
    renderPage({ locale: 'en', name: 'Lucky', module: 'mfe_auth/Login', extra: 1 }, { remotes: [] });
    expect(readSiteBlock()).toEqual({ locale: 'en', name: 'Lucky', module: 'mfe_auth/Login' });
    renderPage({ locale: 5 }, { remotes: [] });
    expect(readSiteBlock()).toEqual({});
  });
});

describe('the page language', () => {
  test("a visitor who never chose one gets the frame's language, kept in storage and the cookie", () => {
    renderPage({ locale: 'en' }, { remotes: [] });
    adoptPageLanguage();
    expect(localStorage.getItem('locale')).toBe('en');
    expect(document.cookie).toMatch(/(^|; )i18next=en/);
  });

  test("a member's stored choice wins and the cookie follows it, so the server paints the next page in it", () => {
    renderPage({ locale: 'th' }, { remotes: [] });
    localStorage.setItem('locale', 'la');
    adoptPageLanguage();
    expect(localStorage.getItem('locale')).toBe('la');
    expect(document.cookie).toMatch(/(^|; )i18next=la/);
  });

  test('the cookie alone is a choice too', () => {
    renderPage({ locale: 'en' }, { remotes: [] });
    document.cookie = 'i18next=th';
    adoptPageLanguage();
    expect(localStorage.getItem('locale')).toBeNull();
    expect(document.cookie).toMatch(/(^|; )i18next=th/);
  });

  test('a language the site does not have is ignored', () => {
    renderPage({ locale: 'fr' }, { remotes: [] });
    adoptPageLanguage();
    expect(localStorage.getItem('locale')).toBeNull();
  });
});

describe('the frame makes way for the shell', () => {
  test('removing it takes the frame out and leaves the root', () => {
    renderPage({}, { remotes: [] });
    removeStaticFrame();
    expect(document.getElementById('shell-frame')).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
  });

  test('a page without a frame is left alone', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => removeStaticFrame()).not.toThrow();
    expect(document.getElementById('root')).not.toBeNull();
  });
});
