import { AxiosHeaders, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { i18n } from '../i18n/i18n';
import { get, httpInstance } from './client';
import { readPageData } from './page-data';

/** A page as the server renders it: the `site` block names its language, `lookups` holds the first GETs' data. */
function page(site: string | null, lookups: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (site !== null)
    doc.head.insertAdjacentHTML('beforeend', `<script type="application/json" id="site">${site}</script>`);
  if (lookups !== null)
    doc.head.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="lookups">${lookups}</script>`,
    );
  return doc;
}

const LOOKUPS = JSON.stringify({
  '/api/lookup/active': { terminated: null },
  '/api/lookup/info': { name: 'ร้านดี', website: 'https://example.test' },
});

describe('readPageData', () => {
  it("answers a path once with the page's data, then no more", () => {
    const data = readPageData(page('{"locale":"th"}', LOOKUPS));
    expect(data.take('/api/lookup/info', 'th')).toEqual({
      data: { name: 'ร้านดี', website: 'https://example.test' },
    });
    expect(data.take('/api/lookup/info', 'th')).toBeUndefined();
    expect(data.take('/api/lookup/active', 'th')).toEqual({ data: { terminated: null } });
    expect(data.take('/api/lookup/contact', 'th')).toBeUndefined();
  });

  it("does not answer in another language than the page's", () => {
    const data = readPageData(page('{"locale":"th"}', LOOKUPS));
    expect(data.take('/api/lookup/info', 'en')).toBeUndefined();
    expect(data.take('/api/lookup/info', 'th')).toBeUndefined();
  });

  it.each([
    ['no lookups block', '{"locale":"th"}', null],
    ['a malformed lookups block', '{"locale":"th"}', '{"/api/lookup/info":'],
    ['a lookups block that is not an object', '{"locale":"th"}', '[1,2]'],
    ['no site block (language unknown)', null, LOOKUPS],
    ['a malformed site block', '{locale:th}', LOOKUPS],
    ['a site block without a language', '{"name":"x"}', LOOKUPS],
  ])('answers nothing with %s', (_, site, lookups) => {
    expect(readPageData(page(site, lookups)).take('/api/lookup/info', 'th')).toBeUndefined();
  });
});

describe("get() with the page's lookups", () => {
  let http: AxiosInstance;
  let original: AxiosInstance['defaults']['adapter'];
  const seen: InternalAxiosRequestConfig[] = [];

  beforeAll(async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="site">{"locale":"th"}</script>` +
        `<script type="application/json" id="lookups">${JSON.stringify({
          '/api/lookup/active': { terminated: null },
          '/api/lookup/enableChatWidget': { enableChatWidget: true },
          '/api/lookup/info': { name: 'ร้านดี', website: 'https://example.test' },
        })}</script>`,
    );
    await i18n.changeLanguage('th');
    http = await httpInstance();
    original = http.defaults.adapter;
    http.defaults.adapter = async (config) => {
      seen.push(config);
      return {
        data: { code: 'SUCCESS', data: { fromNetwork: config.url } },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    };
  });

  afterAll(async () => {
    http.defaults.adapter = original;
    await i18n.changeLanguage('en');
  });

  it('answers the first ask from the page without a request, later asks from the network', async () => {
    await expect(get('/api/lookup/active')).resolves.toEqual({ terminated: null });
    expect(seen).toHaveLength(0);

    await expect(get('/api/lookup/active')).resolves.toEqual({ fromNetwork: '/api/lookup/active' });
    expect(seen).toHaveLength(1);
    expect(AxiosHeaders.from(seen[0]!.headers).get('Accept-Language')).toBe('th');
  });

  it('a GET with a config always goes to the network', async () => {
    seen.length = 0;
    await expect(
      get('/api/lookup/enableChatWidget', { headers: { 'Cache-Control': 'no-cache' } }),
    ).resolves.toEqual({ fromNetwork: '/api/lookup/enableChatWidget' });
    expect(seen).toHaveLength(1);
  });

  it("after a language change the page's data (in the page's language) is not used", async () => {
    seen.length = 0;
    await i18n.changeLanguage('en');
    await expect(get('/api/lookup/info')).resolves.toEqual({ fromNetwork: '/api/lookup/info' });
    expect(seen).toHaveLength(1);
    expect(AxiosHeaders.from(seen[0]!.headers).get('Accept-Language')).toBe('en');
  });
});
