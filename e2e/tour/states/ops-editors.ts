// The operators' console, signed in: bonuses, promotions, wheels, books, settings, content, releases,
// operators, audit and account.
import { cancelConfirm, CONFIRM } from './steps';
import type { TourState } from './types';

export const OPS_EDITOR_STATES: readonly TourState[] = [
  {
    id: 'ops-bonuses',
    title: 'Console: bonuses and promotions',
    kind: 'page',
    who: 'operator',
    route: '/ops/bonuses',
    ready: 'bops-promotion-table',
  },
  {
    id: 'ops-bonus-editor',
    title: 'Console: a bonus definition in its editor (DAILY10)',
    kind: 'page',
    who: 'operator',
    route: '/ops/bonuses/bonus/DAILY10',
    readySelector: '.wl-opsf-editor form',
  },
  {
    id: 'ops-promotion-editor',
    title: 'Console: a promotion in its editor (HAPPY2027)',
    kind: 'page',
    who: 'operator',
    route: '/ops/bonuses/promotion/HAPPY2027',
    readySelector: '.wl-opsf-editor form',
  },
  {
    id: 'ops-wheels',
    title: 'Console: lucky wheels',
    kind: 'page',
    who: 'operator',
    route: '/ops/wheels',
    readySelector: 'article.sops-wheel',
  },
  {
    id: 'ops-wheel-editor',
    title: 'Console: a wheel in its editor (its slices)',
    kind: 'page',
    who: 'operator',
    open: ({ page }) => page.locator('article.sops-wheel header a').first().click(),
    readySelector: '.wl-opsf-editor form',
  },
  {
    id: 'ops-books',
    title: 'Console: books check and reconciliation',
    kind: 'page',
    who: 'operator',
    route: '/ops/books',
    readySelector: '.ops-facts',
  },
  {
    id: 'ops-books-reconciled',
    title: 'Console: books, after a reconciliation run',
    kind: 'window',
    who: 'operator',
    open: async ({ page }) => {
      await page.getByRole('button', { name: /^(Reconcile|กระทบยอด|ກະທົບຍອດ)$/ }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^(Reconcile|กระทบยอด|ກະທົບຍອດ)$/ })
        .click();
    },
    readySelector: '.ops-notice[role="status"]',
  },
  {
    id: 'ops-settings',
    title: 'Console: settings',
    kind: 'page',
    who: 'operator',
    route: '/ops/settings',
    readySelector: '.ops-toggles',
  },
  {
    id: 'ops-settings-confirm',
    title: 'Console: turning the whole service off asks first',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('label[for="ops-setting-service-active"]').click(),
    readySelector: CONFIRM,
    leave: cancelConfirm,
  },
  {
    id: 'ops-content',
    title:
      'Console: content, opening on the registration sources of one language (code and words, added, removed)',
    kind: 'page',
    who: 'operator',
    route: '/ops/content',
    readySelector: '.ops-texts .wl-opsf-group',
  },
  {
    id: 'ops-content-refused',
    title:
      'Console: a content value edited as JSON (how-to videos) that the server refuses (the field named, nothing saved)',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('howto');
      const editor = page.locator('.ops-json');
      await editor.waitFor();
      await editor.fill('[\n  { "id": "deposit", "title": 42, "src": "/media/deposit.mp4" }\n]');
      await page.locator('.ops-content .ops-actions button').first().click();
    },
    readySelector: '.ops-refusal',
    // The refused draft is thrown away, so the next state opens another key without being asked.
    leave: async ({ page }) => {
      await page.locator('.ops-content .ops-actions button').nth(1).click();
      await page.locator('.ops-refusal').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'ops-content-contact',
    title: 'Console: the support contact of one language as a form (text, LINE name, link and QR picture)',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('contact');
    },
    readySelector: '.ops-texts',
  },
  {
    id: 'ops-content-notice-refused',
    title: 'Console: a bonus notice without its {percentFail} placeholder, refused before sending',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('notice');
      const text = page.locator('.ops-texts textarea');
      await text.waitFor();
      await text.fill('Only half of the bonus can be withdrawn.');
      await page.locator('.ops-texts button[type="submit"]').click();
    },
    readySelector: '.ops-texts .wl-field--invalid',
    // Discarded, so the next state opens another key without being asked.
    leave: async ({ page }) => {
      await page.locator('.ops-texts .ops-actions button').nth(1).click();
      await page.locator('.ops-texts .wl-field--invalid').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'ops-content-agreement',
    title: 'Console: the member agreement of one language as paragraphs, an empty one refused before sending',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('agreements');
      await page.locator('.ops-paragraph textarea').first().waitFor();
      await page.locator('.ops-texts > .wl-btn').click();
      await page.locator('.ops-texts button[type="submit"]').click();
    },
    readySelector: '.ops-paragraph .wl-field--invalid',
    // Discarded, so the next state opens another key without being asked.
    leave: async ({ page }) => {
      await page.locator('.ops-texts .ops-actions button').nth(1).click();
      await page.locator('.ops-paragraph .wl-field--invalid').waitFor({ state: 'detached' });
    },
  },
  {
    id: 'ops-content-deposit',
    title: 'Console: deposit accounts as a form (bank, number, holder, type, mode; gift-link wallets)',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('deposit');
    },
    readySelector: '.ops-deposit fieldset',
  },
  {
    id: 'ops-content-deposit-refused',
    title:
      'Console: a deposit account number a digit short and a new account left empty, refused before sending',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      const number = page.locator('.ops-deposit input[name="banks.0.bankAccountNo"]');
      await number.fill('012345678');
      // "Add a bank account": the secondary button right after the last account.
      await page.locator('.ops-deposit > button').first().click();
      await page.locator('.ops-deposit button[type="submit"]').click();
    },
    readySelector: '.ops-deposit .wl-field--invalid',
    // Discarded, so the next state opens another key without being asked.
    leave: async ({ page }) => {
      await page.locator('.ops-deposit .ops-actions button').nth(1).click();
      await page.locator('.ops-deposit .wl-field--invalid').first().waitFor({ state: 'detached' });
    },
  },
  {
    id: 'ops-content-slip',
    title: 'Console: slip upload settings as a form (on or off, size, types, daily closed hours)',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('slip');
    },
    readySelector: '.ops-slip',
  },
  {
    id: 'ops-content-limits',
    title: 'Console: withdrawal limits as amounts, the largest below the smallest refused before sending',
    kind: 'page',
    who: 'operator',
    open: async ({ page }) => {
      await page.locator('.ops-content select').first().selectOption('withdraw');
      const max = page.locator('.ops-limits input').nth(1);
      await max.fill('1');
      await page.locator('.ops-limits button[type="submit"]').click();
    },
    readySelector: '.ops-limits .wl-field--invalid',
  },
  {
    id: 'ops-releases',
    title: 'Console: releases (each remote’s live version)',
    kind: 'page',
    who: 'operator',
    route: '/ops/releases',
    readySelector: '.ops-release',
  },
  {
    id: 'ops-operators',
    title: 'Console: operators',
    kind: 'page',
    who: 'operator',
    route: '/ops/operators',
    readySelector: '.wl-ops-table',
  },
  {
    id: 'ops-operator-created',
    title: 'Console: a new operator created (the initial password shown once)',
    kind: 'page',
    who: 'operator',
    open: async ({ page, language }) => {
      await page.locator('#ops-new-username').fill(`tour-new-${language}`);
      await page.locator('#ops-new-password').fill('tour-initial-password-1');
      await page.locator('.ops-create form button[type="submit"]').click();
    },
    readySelector: '.ops-created',
  },
  {
    id: 'ops-operator-disable',
    title: 'Console: disabling an operator asks first',
    kind: 'window',
    who: 'operator',
    open: ({ page }) => page.locator('.ops-row-actions button').first().click(),
    readySelector: CONFIRM,
    leave: cancelConfirm,
  },
  {
    id: 'ops-audit',
    title: 'Console: audit log',
    kind: 'page',
    who: 'operator',
    route: '/ops/audit',
    readySelector: '.wl-ops-table',
  },
  {
    id: 'ops-account',
    title: 'Console: my account (password change)',
    kind: 'page',
    who: 'operator',
    route: '/ops/account',
    readySelector: '#ops-current-password',
  },
];
