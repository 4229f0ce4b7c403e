// The operators' console, signed in: members, slips, withdrawals, incoming transfers and the chat inbox.
import { CHAT_TEXT, customerSays, everyMessageType, guestConversation, newGuest } from '../chat';
import {
  cancelConfirm,
  CONFIRM,
  escapeFrom,
  failedWithdrawal,
  memberToken,
  QUEUE_READY,
  reloadUntil,
  slipSent,
  unmatchedTransfer,
} from './steps';
import { composerKind } from './chat-steps';
import type { TourState } from './types';

export const OPS_QUEUE_STATES: readonly TourState[] = [
  // The operators' console (/ops/), signed in as an admin (walk.ts), in the tour's language.
  {
    id: 'ops-members',
    title: 'Console: Members, before a search',
    kind: 'page',
    who: 'operator',
    route: '/ops/members',
    ready: 'wmem-search-input',
  },
  {
    id: 'ops-members-found',
    title: 'Console: Members, a search by phone that finds the member',
    kind: 'page',
    who: 'operator',
    open: async ({ page, member }) => {
      await page.getByTestId('wmem-search-input').fill(member.phone);
      await page.locator('form[role="search"] button[type="submit"]').click();
    },
    ready: 'wmem-results',
  },
  {
    id: 'ops-member',
    title: 'Console: a member opened (profile, balances, last movements, adjustment)',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => page.getByTestId('wmem-results').getByRole('link').first().click(),
    ready: 'wmem-profile',
  },
  {
    id: 'ops-member-adjust',
    title: 'Console: a manual credit asks first',
    kind: 'window',
    who: 'operator',
    open: async ({ page }) => {
      await page.getByTestId('wmem-adjust-amount').fill('50');
      await page.getByTestId('wmem-adjust-reason').fill('Goodwill credit for a late deposit');
      await page.getByTestId('wmem-adjust').locator('button[type="submit"]').click();
    },
    readySelector: CONFIRM,
    leave: cancelConfirm,
  },
  {
    id: 'ops-slips',
    title: 'Console: slips in review (the verifier answered every slip: none waits)',
    kind: 'page',
    who: 'operator',
    route: '/ops/slips',
    readySelector: QUEUE_READY,
  },
  {
    id: 'ops-slips-waiting',
    title: "Console: slips in review, one waiting (the verifier gave no answer), with the member's account",
    kind: 'page',
    who: 'operator',
    open: async ({ page, site, member, language }) => {
      await slipSent(site, member, language, true);
      await reloadUntil(page, 'tr[data-testid^="slip-"]');
    },
    readySelector: '.wops-screen .wl-ops-table',
  },
  {
    id: 'ops-slip-approve',
    title: 'Console: approve a waiting slip (the amount and the reference read from the image)',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('tr[data-testid^="slip-"] .wops-actions button').first().click(),
    ready: 'slip-approve',
    leave: escapeFrom('slip-approve'),
  },
  {
    id: 'ops-slip-reject',
    title: 'Console: reject a waiting slip with a reason the member will read',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('tr[data-testid^="slip-"] .wops-actions button').nth(1).click(),
    ready: 'slip-reject',
    leave: escapeFrom('slip-reject'),
  },
  {
    id: 'ops-slips-verified',
    title: 'Console: slips, the verified ones (a slip the member sent)',
    kind: 'page',
    who: 'operator',
    open: async ({ page, site, member, language }) => {
      await slipSent(site, member, language);
      await page.locator('.wops-filters select').selectOption('SUCCESS');
    },
    readySelector: '.wops-screen .wl-ops-table',
  },
  {
    id: 'ops-withdrawals',
    title: 'Console: withdrawals waiting for the bank',
    kind: 'page',
    who: 'operator',
    route: '/ops/withdrawals',
    readySelector: QUEUE_READY,
  },
  {
    id: 'ops-withdrawals-failed',
    title: 'Console: withdrawals, one the bank refused (pay out again)',
    kind: 'page',
    who: 'operator',
    open: async ({ page, site, member }) => {
      await failedWithdrawal(site, member);
      await page.locator('#wops-tab-FAILED').click();
    },
    readySelector: 'tr[data-testid^="withdrawal-"]',
  },
  {
    id: 'ops-withdrawal-retry',
    title: 'Console: pay out again asks first',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('tr[data-testid^="withdrawal-"] .wops-actions button').first().click(),
    readySelector: CONFIRM,
    leave: cancelConfirm,
  },
  {
    id: 'ops-incoming',
    title: 'Console: refused deliveries (a transfer from an account no member has)',
    kind: 'page',
    who: 'operator',
    route: '/ops/incoming',
    open: async ({ page, site, language }) => {
      await unmatchedTransfer(site, language);
      await reloadUntil(page, 'tr[data-testid^="incoming-"]');
    },
    readySelector: QUEUE_READY,
  },
  {
    id: 'ops-incoming-assign',
    title: 'Console: give a refused delivery to a member',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('tr[data-testid^="incoming-"] .wops-actions button').first().click(),
    ready: 'incoming-assign',
    leave: escapeFrom('incoming-assign'),
  },
  {
    id: 'ops-inbox',
    title: 'Console: support inbox, conversations with unread messages (a member’s, a guest’s)',
    kind: 'page',
    who: 'operator',
    route: '/ops/inbox',
    // A member writes, then a guest whose conversation holds every message type (the newest, on top).
    open: async ({ page, site, member, language }) => {
      await customerSays(site, { token: await memberToken(site, member) }, CHAT_TEXT[language].hello);
      const guest = await newGuest(site);
      // The agent's side in the tour admin's own session (this walk's own sender, not the CLI's).
      await everyMessageType(site, await guestConversation(site, guest.guestId), guest, language, page);
      await reloadUntil(page, '[data-testid="ainbox-unread"]');
    },
    readySelector: '[data-testid="ainbox-unread"]',
  },
  {
    id: 'ops-inbox-conversation',
    title: 'Console: support inbox, a conversation open (every message type) with the composer',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => page.locator('.ainbox-item').first().click(),
    readySelector: '.ainbox-view [data-testid="ainbox-message"]',
  },
  {
    id: 'ops-inbox-buttons',
    title: 'Console: support inbox, the composer building a message with buttons',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => composerKind(page, 'buttons'),
    readySelector: '.ainbox-composer .ainbox-rows',
  },
  {
    id: 'ops-inbox-card',
    title: 'Console: support inbox, the composer building a card',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => composerKind(page, 'generic'),
    readySelector: '.ainbox-composer input[type="url"]',
  },
];
