// The visitor's pages and windows (logged out): sign-in, registration, the support chat, terminated, 404, and the
// console's sign-in and enrolment.
import {
  CHAT_TEXT,
  EVERY_TYPE_COUNT,
  everyMessageType,
  guestConversation,
  holdTimers,
  restoreTimers,
  widgetGuest,
} from '../chat';
import { confirmEnrolment, startEnrolment } from '../console';
import { click, smsCode } from './steps';
import { CHAT_ON, CHAT_SCOPE, chatMessagesShown, dismissToasts, openChat } from './chat-steps';
import type { TourState } from './types';

export const VISITOR_STATES: readonly TourState[] = [
  // The visitor (logged out).
  { id: 'login', title: 'Sign in', kind: 'page', who: 'visitor', route: '/login', ready: 'login-page' },
  {
    id: 'login-empty',
    title: 'Sign in: the fields left empty',
    kind: 'page',
    who: 'visitor',
    open: ({ page }) => click(page, 'login-submit'),
    ready: 'login-page',
  },
  {
    id: 'login-refused',
    title: 'Sign in: a wrong password (toast)',
    kind: 'window',
    who: 'visitor',
    open: async ({ page }) => {
      await page.getByTestId('login-username').fill('0800000000');
      await page.getByTestId('login-password').fill('not-the-password');
      await click(page, 'login-submit');
      await page.locator('.wl-toast').first().waitFor();
    },
    ready: 'login-page',
    scope: '.wl-toasts',
  },
  {
    id: 'register-1',
    title: 'Register, step 1: phone',
    kind: 'page',
    who: 'visitor',
    route: '/register',
    ready: 'register-phone',
  },
  {
    id: 'register-2',
    title: 'Register, step 2: one-time code',
    kind: 'page',
    who: 'visitor',
    open: async ({ page, freshPhone }) => {
      await page.getByTestId('register-phone').fill(freshPhone);
      await click(page, 'register-next');
    },
    ready: 'register-otp',
  },
  {
    id: 'register-3',
    title: 'Register, step 3: name and password',
    kind: 'page',
    who: 'visitor',
    open: async ({ page, site, freshPhone }) => {
      await page.getByTestId('register-otp').fill(await smsCode(site, freshPhone));
      await click(page, 'register-next');
    },
    ready: 'register-name',
  },
  {
    id: 'register-4',
    title: 'Register, step 4: bank account',
    kind: 'page',
    who: 'visitor',
    open: async ({ page }) => {
      await page.getByTestId('register-name').fill('Malee Srisuk');
      await page.getByTestId('register-password').fill('pass-word-1');
      await page.getByTestId('register-confirm').fill('pass-word-1');
      await click(page, 'register-next');
    },
    ready: 'register-bank',
  },
  {
    id: 'register-4-invalid',
    title: 'Register, step 4: an account number that is not one',
    kind: 'page',
    who: 'visitor',
    open: async ({ page }) => {
      await page.getByTestId('register-bank').selectOption({ index: 1 });
      await page.getByTestId('register-first-name').fill('malee');
      await page.getByTestId('register-last-name').fill('srisuk');
      await page.getByTestId('register-account-no').fill('12ab');
      await click(page, 'register-submit');
      await page.waitForTimeout(500);
    },
    ready: 'register-page',
  },
  { id: 'howto', title: 'How-to videos', kind: 'page', who: 'visitor', route: '/howto', ready: 'howto-page' },
  { id: 'contact', title: 'Contact', kind: 'page', who: 'visitor', route: '/contact', ready: 'contact-page' },
  {
    id: 'chat-contact',
    title: 'Contact with the support chat on: the chat button, the widget closed',
    kind: 'page',
    who: 'visitor',
    route: '/contact',
    settings: CHAT_ON,
    ready: 'contact-open-chat',
  },
  {
    id: 'chat-empty',
    title: 'Support chat: open, nothing written yet (a guest)',
    kind: 'window',
    who: 'visitor',
    settings: CHAT_ON,
    open: ({ page }) => openChat(page),
    readySelector: '[data-testid="chat-panel"] .chat-empty',
    scope: CHAT_SCOPE,
  },
  {
    id: 'chat-conversation',
    title:
      'Support chat: every message type (the agent’s text, buttons, quick replies, picture, card; the customer’s text and picture with their delivery status)',
    kind: 'window',
    who: 'visitor',
    settings: CHAT_ON,
    open: async ({ page, site, language }) => {
      await page.locator('[data-testid="chat-panel"] .chat-empty').waitFor();
      const guest = await widgetGuest(page);
      await everyMessageType(site, await guestConversation(site, guest.guestId), guest, language);
      await chatMessagesShown(page, EVERY_TYPE_COUNT);
    },
    readySelector: '[data-testid="chat-panel"] .chat-card',
    scope: CHAT_SCOPE,
  },
  {
    id: 'chat-failed',
    title: 'Support chat: a message that could not be sent (resend or remove)',
    kind: 'window',
    who: 'visitor',
    settings: CHAT_ON,
    open: async ({ page, language }) => {
      // The connection drops while it is sent: the message stays, marked "not sent".
      await page.route('**/api/chat/send-message', (route) => route.abort());
      const input = page.locator('.chat-composer__input');
      await input.fill(CHAT_TEXT[language].failed);
      await input.press('Enter');
      await page.locator('[data-testid="chat-outgoing"][data-status="failed"]').waitFor();
      await page.unroute('**/api/chat/send-message');
      await dismissToasts(page);
    },
    readySelector: '[data-testid="chat-outgoing"][data-status="failed"]',
    scope: CHAT_SCOPE,
    leave: async ({ page }) => {
      await page.locator('[data-testid="chat-outgoing"] .chat-failed-actions button').last().click();
      await page.getByTestId('chat-outgoing').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'chat-unsupported',
    title: 'Support chat: a file that is not supported (the alert)',
    kind: 'window',
    who: 'visitor',
    settings: CHAT_ON,
    // The alert goes after 4 s: held while the tour looks at it.
    open: async ({ page }) => {
      await holdTimers(page, 4000);
      await page.getByTestId('chat-file-input').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
    },
    ready: 'chat-alert',
    scope: CHAT_SCOPE,
    leave: ({ page }) => restoreTimers(page),
  },
  {
    id: 'terminated',
    title: 'Service ended',
    kind: 'page',
    who: 'visitor',
    route: '/terminated',
    ready: 'terminated',
  },
  {
    id: 'terminated-via-login',
    title: 'Service ended, reached through the check before /login',
    kind: 'page',
    who: 'visitor',
    settings: { 'service.active': false },
    route: '/login',
    open: ({ page }) => page.waitForURL('**/terminated'),
    ready: 'terminated',
  },
  {
    id: 'not-found',
    title: 'Unknown page',
    kind: 'page',
    who: 'visitor',
    route: '/no-such-page',
    ready: 'not-found',
  },

  // The operators' console (/ops/) before the sign-in: a visitor's page, in the tour's language.
  {
    id: 'ops-sign-in',
    title: 'Console: sign-in',
    kind: 'page',
    who: 'visitor',
    route: '/ops/',
    readySelector: '#ops-username',
  },
  {
    id: 'ops-sign-in-refused',
    title: 'Console: sign-in with a wrong password',
    kind: 'page',
    who: 'visitor',
    open: async ({ page }) => {
      await page.locator('#ops-username').fill('nobody');
      await page.locator('#ops-password').fill('not-the-password');
      await page.locator('.ops-card button[type="submit"]').click();
    },
    readySelector: '.ops-card .wl-ops-error',
  },
  {
    id: 'ops-enrol',
    title: 'Console: two-step verification set up at the first sign-in (QR code, key, first code)',
    kind: 'page',
    who: 'visitor',
    route: '/ops/',
    // A new operator of this language (created with the CLI, as an admin does), at their first sign-in.
    open: ({ page, site, language }) => startEnrolment(page, site, `tour-enrol-${language}`, 'support'),
    readySelector: 'img.ops-qr',
  },
  {
    id: 'ops-enrol-recovery',
    title: 'Console: the ten recovery codes, shown once after the enrolment',
    kind: 'page',
    who: 'visitor',
    open: ({ page }) => confirmEnrolment(page),
    readySelector: 'ol.ops-recovery',
  },
];
