import {
  CACHE_URLS,
  REMOTES_REFRESH_MS,
  enabledManifestUrls,
  isNetworkOnly,
  isRefreshDue,
  isRemoteChunk,
  isRemoteEntry,
  remoteFiles,
  remoteUrlsOf,
} from './remotes';

const origin = 'https://wallet.example';

describe('service worker routing rules', () => {
  it('never answers the API or the server-side pages', () => {
    for (const p of [
      '/api',
      '/api/wallet',
      '/socket.io/',
      '/docs/json',
      '/ops/x',
      '/media/a.mp4',
      '/sandbox/sms',
    ])
      expect(isNetworkOnly(p)).toBe(true);
    for (const p of ['/login', '/user/home', '/apiary', '/remotes.json', '/main.js'])
      expect(isNetworkOnly(p)).toBe(false);
  });

  it('tells a remote entry (network-first) from a content-hashed chunk (cache-first)', () => {
    expect(isRemoteEntry('/remotes/mfe-auth/remoteEntry.js')).toBe(true);
    expect(isRemoteEntry('/remotes/mfe-auth/mf-manifest.json')).toBe(true);
    expect(isRemoteEntry('/remotes/mfe-auth/683.2f491d71.js')).toBe(false);
    expect(isRemoteChunk('/remotes/mfe-auth/683.2f491d71.js')).toBe(true);
    expect(isRemoteChunk('/remotes/mfe-auth/__federation_expose_Login.5a073d87.js')).toBe(true);
    expect(isRemoteChunk('/remotes/mfe-bonus/assets/banner.0a1b2c3d.webp')).toBe(true);
    expect(isRemoteChunk('/remotes/mfe-auth/remoteEntry.js')).toBe(false);
    expect(isRemoteChunk('/remotes/mfe-auth/mf-manifest-stats.json')).toBe(false);
    expect(isRemoteChunk('/remotes/mfe-auth/683.2f491d71.js.LICENSE.txt')).toBe(false);
    expect(isRemoteChunk('/683.2f491d71.js')).toBe(false);
  });
});

describe('enabledManifestUrls', () => {
  it('lists the enabled remotes of /remotes.json on the same origin', () => {
    const doc = {
      remotes: [
        { name: 'mfe_auth', folder: 'mfe-auth', entry: '/remotes/mfe-auth/mf-manifest.json', enabled: true },
        { name: 'mfe_spin', folder: 'mfe-spin', entry: '/remotes/mfe-spin/mf-manifest.json', enabled: false },
        { name: 'x', folder: 'x', entry: 'https://cdn.example/x/mf-manifest.json', enabled: true },
        { name: 'y', enabled: true },
      ],
    };
    expect(enabledManifestUrls(doc, origin)).toEqual([`${origin}/remotes/mfe-auth/mf-manifest.json`]);
  });

  it('reads nothing from a malformed answer', () => {
    expect(enabledManifestUrls(null, origin)).toEqual([]);
    expect(enabledManifestUrls({ remotes: 'no' }, origin)).toEqual([]);
  });
});

describe('remoteFiles', () => {
  const manifestUrl = `${origin}/remotes/mfe-auth/mf-manifest.json`;

  it("resolves the entry and the exposed modules' up-front chunks against the manifest's URL, each once", () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          name: 'Login',
          assets: {
            js: {
              sync: ['683.2f491d71.js', '__federation_expose_Login.5a073d87.js'],
              async: ['48.13520619.js'],
            },
            css: { sync: [], async: [] },
          },
        },
        {
          name: 'Register',
          assets: {
            js: { sync: ['683.2f491d71.js', '__federation_expose_Register.15a43649.js'], async: [] },
            css: { sync: ['styles.0badc0de.css'], async: [] },
          },
        },
      ],
    };
    const files = remoteFiles(manifest, manifestUrl);
    expect(files.entry).toBe(`${origin}/remotes/mfe-auth/remoteEntry.js`);
    expect(files.chunks.sort()).toEqual(
      [
        '683.2f491d71.js',
        '__federation_expose_Login.5a073d87.js',
        '__federation_expose_Register.15a43649.js',
        'styles.0badc0de.css',
      ]
        .map((f) => `${origin}/remotes/mfe-auth/${f}`)
        .sort(),
    );
  });

  it('falls back to remoteEntry.js beside the manifest and skips unhashed or foreign files', () => {
    const files = remoteFiles(
      { exposes: [{ assets: { js: { sync: ['plain.js', 'https://cdn.example/a.12345678.js', 7] } } }] },
      manifestUrl,
    );
    expect(files).toEqual({ entry: `${origin}/remotes/mfe-auth/remoteEntry.js`, chunks: [] });
  });
});

describe('isRefreshDue', () => {
  const now = Date.parse('2026-11-24T09:00:00Z');
  it('refreshes when nothing is cached or the copy is older than the refresh period', () => {
    expect(isRefreshDue(undefined, now)).toBe(true);
    expect(isRefreshDue('not a date', now)).toBe(true);
    expect(isRefreshDue(new Date(now - REMOTES_REFRESH_MS).toUTCString(), now)).toBe(true);
    expect(isRefreshDue(new Date(now + 3_600_000).toUTCString(), now)).toBe(true);
  });
  it('does not refresh again within the period', () => {
    expect(isRefreshDue(new Date(now - 60_000).toUTCString(), now)).toBe(false);
  });
});

describe('remoteUrlsOf', () => {
  it("keeps only the same-origin remotes' entries and hashed chunks of a cache-urls message", () => {
    const urls = [
      `${origin}/remotes/mfe-auth/remoteEntry.js`,
      `${origin}/remotes/mfe-auth/680.4a7b5057.js`,
      `${origin}/remotes/mfe-auth/680.4a7b5057.js`,
      `${origin}/api/wallet`,
      `${origin}/main.js`,
      `${origin}/remotes/mfe-auth/680.4a7b5057.js?x=1`,
      'https://evil.example/remotes/mfe-auth/680.4a7b5057.js',
      42,
    ];
    expect(remoteUrlsOf({ type: CACHE_URLS, urls }, origin)).toEqual([
      `${origin}/remotes/mfe-auth/remoteEntry.js`,
      `${origin}/remotes/mfe-auth/680.4a7b5057.js`,
    ]);
  });

  it('ignores any other message', () => {
    expect(
      remoteUrlsOf({ type: 'other', urls: [`${origin}/remotes/mfe-auth/remoteEntry.js`] }, origin),
    ).toEqual([]);
    expect(remoteUrlsOf(null, origin)).toEqual([]);
    expect(remoteUrlsOf({ type: CACHE_URLS, urls: 'x' }, origin)).toEqual([]);
  });
});
