import { http, setLocale } from '@wallet/shared';
import { lookupApi } from './api';

/**
 * The first screen's lookups come with the page (the server's `lookups` data block): the shell asks for them the
 * usual way and no request goes out (nor does the HTTP client load) until a later ask wants fresh data.
 */
const PAGE_LOOKUPS = {
  '/api/lookup/active': { terminated: null },
  '/api/lookup/enableChatWidget': { enableChatWidget: true },
  '/api/lookup/info': { name: 'ร้านดี', website: 'https://example.test' },
};

beforeAll(async () => {
  await setLocale('th');
  document.head.insertAdjacentHTML(
    'beforeend',
    `<script type="application/json" id="site">{"locale":"th"}</script>` +
      `<script type="application/json" id="lookups">${JSON.stringify(PAGE_LOOKUPS)}</script>`,
  );
});

test("the terminated check, the chat widget flag and the site's name are answered by the page, once", async () => {
  const network = jest.spyOn(http, 'get').mockResolvedValue({ data: { terminated: 'gone' } });

  await expect(lookupApi.active()).resolves.toEqual({ terminated: null });
  await expect(lookupApi.enableChatWidget()).resolves.toEqual({ enableChatWidget: true });
  await expect(lookupApi.info()).resolves.toEqual({ name: 'ร้านดี', website: 'https://example.test' });
  expect(network).not.toHaveBeenCalled();

  // A later check (the next visit to /login) asks the server.
  await expect(lookupApi.active()).resolves.toEqual({ terminated: 'gone' });
  expect(network).toHaveBeenCalledWith('/api/lookup/active', undefined);
  network.mockRestore();
});
