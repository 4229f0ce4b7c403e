// What a how-to flow is, and the steps the flows share.
import type { Page } from 'playwright-core';
import { api, type Member } from '../../lib/members';
import type { Site } from '../../lib/site';
import type { Director } from '../director';
import type { Caption } from '../webvtt';

/**
 * The five how-to flows, driven on the real site in Thai (the site's first language) with captions in Thai, Lao
 * and English. A caption names a button by its label in the caption's language, as the viewer's own screen
 * shows it.
 */
export interface Flow {
  /** The how-to id of the `howto` lookup (server/src/features/content/seed-content.ts). */
  id: string;
  /** howto-<n>.mp4, .jpg and .<lang>.vtt in server/assets/howto. */
  file: string;
  /** A member to sign in before the recording starts (a visitor when absent). */
  prepare?: (site: Site) => Promise<Member>;
  /** Where the recording starts. */
  start: string;
  run: (d: Director, site: Site, member: Member | undefined) => Promise<void>;
}

export const c = (th: string, la: string, en: string): Caption => ({ th, la, en });

export const byId = (page: Page, id: string) => page.getByTestId(id);

/** Money arriving from the member's own bank account, as the bank's webhook reports it (sandbox). */
export async function bankTransferIn(site: Site, phone: string, amount: number): Promise<void> {
  await api(site, '/sandbox/bank/incoming', {
    body: { fromAccountNo: `9${phone.slice(1)}`, fromBankCode: 'SCB', amount },
  });
}

/** Waits until the home's balance reads `text` (refreshing the home once if the push has not come). */
export async function waitForBalance(page: Page, text: string): Promise<void> {
  const balance = byId(page, 'home-balance').filter({ hasText: text });
  try {
    await balance.waitFor({ timeout: 4000 });
  } catch {
    await byId(page, 'home-refresh').click();
    await balance.waitFor({ timeout: 10_000 });
  }
}

export async function closeWindow(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
}

/** The OK of the result dialog. */
export async function acknowledge(d: Director): Promise<void> {
  const dialog = d.page.getByTestId('alert-success');
  await dialog.waitFor();
  await d.pause(1400);
  await d.tap(dialog.getByRole('button').last());
}
