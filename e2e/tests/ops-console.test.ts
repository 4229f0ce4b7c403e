import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import {
  callFromConsole,
  createOperator,
  enrolInConsole,
  menuEntries,
  newConsoleContext,
  signInToConsole,
} from '../lib/console';
import { api, registerMember, signIn, type Member } from '../lib/members';
import { bangkokTime, setSlipWindow } from '../lib/operator';
import { setSetting } from '../lib/spin';
import { startSite, type Site } from '../lib/site';

let site: Site;
let browser: Browser;

before(async () => {
  // The slip verifier is a provider that does not answer (loopback, closed port): every slip waits for review.
  site = await startSite({
    env: {
      SLIP_VERIFIER: 'easyslip',
      EASYSLIP_BASE_URL: 'http://127.0.0.1:1',
      EASYSLIP_API_KEY: 'e2e-key',
      SLIP_RECEIVER_ACCOUNTS: '1234567890',
      PROVIDER_TIMEOUT_MS: '500',
    },
  });
  // Slips are refused in the daily closing window (23:50-00:10 Bangkok by default): move it away from now.
  await setSlipWindow(site, bangkokTime(180), bangkokTime(190));
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

/** Runs a scenario on a fresh console page; a failure leaves a screenshot named after it. */
async function inConsole(name: string, scenario: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await newConsoleContext(browser, site.url);
  const page = await context.newPage();
  try {
    await scenario(page, context);
  } catch (error) {
    await snapshot(page, name);
    throw error;
  } finally {
    await context.close();
  }
}

test('an admin enrols TOTP at the first sign-in, signs in again with a code, and turns the spin remote off for members', async () => {
  const admin = await createOperator(site, 'root', 'admin');
  const member = await registerMember(site, '0867770001');
  await setSetting(site, 'spin.active', true);

  await inConsole('ops-admin', async (page) => {
    const recovery = await enrolInConsole(page, admin);
    assert.equal(recovery.length, 10, 'ten recovery codes, shown once');
    assert.ok(
      recovery.every((c) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(c)),
      recovery.join(' '),
    );
    await page.getByText('root').first().waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    // Signed out: the session cookie no longer opens the API.
    assert.equal((await callFromConsole(page, 'GET', '/api/ops/auth/me')).status, 401);

    await signInToConsole(page, admin);
    assert.deepEqual(await menuEntries(page), [
      'Members',
      'Slips in review',
      'Withdrawals',
      'Refused deliveries',
      'Support chat',
      'Bonuses and promotions',
      'Lucky wheels',
      'Books',
      'Settings',
      'Content',
      'Releases',
      'Operators',
      'Audit log',
      'My account',
    ]);

    // The member sees the wheel on their home.
    const memberContext = await newMemberContext(browser, site.url, {
      language: 'en',
      agreementAccepted: true,
    });
    const memberPage = await memberContext.newPage();
    try {
      await signIn(memberPage, member);
      await memberPage.getByTestId('home-spin-button').waitFor();

      // The admin turns the spin remote off in Settings.
      await consoleLink(page, 'Settings').click();
      const spinSwitch = page.getByRole('switch', { name: 'Part mfe-spin enabled' });
      assert.equal(await spinSwitch.isChecked(), true);
      await spinSwitch.click();
      await waitForChecked(spinSwitch, false);

      // The member's next page load: no wheel page, no wheel button on the home.
      await memberPage.goto('/user/spin');
      await memberPage.getByTestId('not-found').waitFor();
      await memberPage.goto('/user/home');
      await memberPage.getByTestId('home-balance').waitFor();
      assert.equal(await memberPage.getByTestId('home-spin-button').count(), 0, 'no spin button');

      // Written in the audit log, with who did it.
      await consoleLink(page, 'Audit log').click();
      await page.getByText('remote.mfe-spin.enabled').first().waitFor();

      await consoleLink(page, 'Settings').click();
      await page.getByRole('switch', { name: 'Part mfe-spin enabled' }).click();
      await waitForChecked(page.getByRole('switch', { name: 'Part mfe-spin enabled' }), true);
      await memberPage.goto('/user/home');
      await memberPage.getByTestId('home-spin-button').waitFor();
    } catch (error) {
      await snapshot(memberPage, 'ops-admin-member');
      throw error;
    } finally {
      await memberContext.close();
    }
  });
  const audit = await site.ops('audit', '--actor', 'root');
  assert.match(audit, /remote\.mfe-spin\.enabled/);
});

test('an admin edits the withdrawal limits in baht: a wrong value is refused and changes nothing, a right one reaches members', async () => {
  const admin = await createOperator(site, 'content-admin', 'admin');
  type Limits = { withdrawMin: number; withdrawMax: number; currency: string };
  const limits = () => api<Limits>(site, '/api/lookup/withdraw');
  const before = await limits();

  await inConsole('ops-content', async (page) => {
    await enrolInConsole(page, admin);
    await consoleLink(page, 'Content').click();
    await page.getByLabel('What to edit').selectOption({ label: 'Withdrawal limits' });
    const min = page.getByLabel('Smallest withdrawal');
    const max = page.getByLabel('Largest withdrawal');
    const save = page.getByRole('button', { name: 'Save' });
    // The stored minor units shown as baht.
    assert.equal(await min.inputValue(), (before.withdrawMin / 100).toFixed(2));

    // A largest withdrawal below the smallest: refused before anything is sent; members keep the old limits.
    await max.fill('1');
    await save.click();
    await page.getByText('The largest withdrawal cannot be below the smallest.').waitFor();
    assert.deepEqual(await limits(), before);

    // Right limits in baht: saved in satang, and the next member read has them.
    await max.fill(String(before.withdrawMax / 100 + 1_000));
    await save.click();
    await page.getByText('Withdrawal limits saved').waitFor();
    assert.deepEqual(await limits(), { ...before, withdrawMax: before.withdrawMax + 100_000 });

    // Back as it was, for the tests after this one.
    await max.fill(String(before.withdrawMax / 100));
    await save.click();
    await until(async () => JSON.stringify(await limits()) === JSON.stringify(before), 'the limits restored');
  });
  const audit = await site.ops('audit', '--actor', 'content-admin');
  assert.match(audit, /content\.set/);
});

test('an admin edits the deposit accounts: a number of the wrong length is refused, a right change reaches members', async () => {
  const admin = await createOperator(site, 'deposit-admin', 'admin');
  type Deposit = { banks: { bankCode: string; bankAccountNo: string; bankAccountName: string }[] };
  const accounts = async () => (await api<Deposit>(site, '/api/lookup/deposit')).banks;
  const before = await accounts();
  const first = before[0];
  assert.ok(first, 'a seeded receiving account');

  await inConsole('ops-content-deposit', async (page) => {
    await enrolInConsole(page, admin);
    await consoleLink(page, 'Content').click();
    await page.getByLabel('What to edit').selectOption({ label: 'Deposit accounts' });
    const account = page.getByRole('group', { name: 'Bank account 1' });
    const number = account.getByLabel('Account number');
    const name = account.getByLabel("Account holder's name");
    const save = page.getByRole('button', { name: 'Save' });
    assert.equal(await number.inputValue(), first.bankAccountNo);

    // A digit short: refused before anything is sent; members keep paying into the stored account.
    await number.fill(first.bankAccountNo.slice(1));
    await save.click();
    await account.locator('.wl-field__error', { hasText: '10 digits for this bank.' }).waitFor();
    assert.deepEqual(await accounts(), before);

    // The number back and a new holder's name: saved, and the next member read has it.
    await number.fill(first.bankAccountNo);
    await name.fill('LUCKY WALLET E2E');
    await save.click();
    await page.getByText('Deposit accounts saved').waitFor();
    assert.deepEqual(await accounts(), [
      { ...first, bankAccountName: 'LUCKY WALLET E2E' },
      ...before.slice(1),
    ]);

    // Back as it was, for the tests after this one.
    await name.fill(first.bankAccountName);
    await save.click();
    await until(
      async () => JSON.stringify(await accounts()) === JSON.stringify(before),
      'the accounts restored',
    );
  });
});

test('a support operator gets no finance screens: not in the menu, not by address, and the API answers 403', async () => {
  const support = await createOperator(site, 'helpdesk', 'support');
  await inConsole('ops-support', async (page) => {
    await enrolInConsole(page, support);
    const entries = await menuEntries(page);
    assert.deepEqual(entries, [
      'Members',
      'Slips in review',
      'Refused deliveries',
      'Support chat',
      'My account',
    ]);

    await page.goto('/ops/withdrawals');
    await page.getByRole('heading', { name: 'Not available for your role' }).waitFor();

    const refusals = [
      await callFromConsole(page, 'GET', '/api/ops/withdrawals?status=FAILED'),
      await callFromConsole(page, 'POST', '/api/ops/withdrawals/w-1/retry', {}),
      await callFromConsole(page, 'POST', '/api/ops/slips/s-1/approve', {}),
      await callFromConsole(page, 'POST', '/api/ops/members/m-1/adjust', {
        amount: 100,
        reason: 'x',
      }),
      await callFromConsole(page, 'GET', '/api/ops/settings'),
    ];
    assert.deepEqual(
      refusals.map((r) => r.status),
      [403, 403, 403, 403, 403],
      JSON.stringify(refusals),
    );
    // What support may do still works: the slip queue.
    assert.equal((await callFromConsole(page, 'GET', '/api/ops/slips')).status, 200);
  });
});

/** A member with 1,000.00 baht from a bank transfer, and their token. */
async function memberWithMoney(phone: string): Promise<{ member: Member; token: string }> {
  const member = await registerMember(site, phone);
  await api(site, '/sandbox/bank/incoming', {
    body: { fromAccountNo: `9${phone.slice(1)}`, fromBankCode: 'SCB', amount: 100_000 },
  });
  const { token } = await api<{ token: string }>(site, '/api/login', {
    body: { username: member.phone, password: member.password },
  });
  await until(async () => (await balance(token)) === 100_000, 'the bank transfer was credited');
  return { member, token };
}

const balance = async (token: string): Promise<number> =>
  (await api<{ wallet: { amount: number } }>(site, '/api/wallet', { token })).wallet.amount;

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, what);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The member sends a slip of 500.00 baht from the deposit window's slip tab, as its API does. */
async function uploadSlip(token: string): Promise<void> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGOQqziBFTEMLQkABkZXgRDDjAEAAAAASUVORK5CYII=',
    'base64',
  );
  const form = new FormData();
  form.set('amount', '50000');
  form.set('file', new Blob([png], { type: 'image/png' }), 'slip.png');
  const res = await fetch(`${site.url}/api/wallet/slip`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-requested-by': 'wallet-user' },
    body: form,
  });
  const json = (await res.json()) as { code: string; data?: { status: string } };
  assert.equal(res.status, 200, `slip upload: ${res.status} ${json.code}`);
  assert.equal(json.data?.status, 'PROCESSING', 'the slip waits for review');
}

/** The member's withdrawal, asked from their phone; the sandbox bank then fails its payout. */
async function failedWithdrawal(token: string, amount: number): Promise<string> {
  const res = await fetch(`${site.url}/api/wallet/withdraw`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-by': 'wallet-user',
      authorization: `Bearer ${token}`,
      'idempotency-key': `e2e-${Date.now()}`,
    },
    body: JSON.stringify({ amount }),
  });
  const json = (await res.json()) as { data: { withdrawalId: string } };
  assert.equal(res.status, 200);
  await settlePayout(json.data.withdrawalId, 'failed');
  return json.data.withdrawalId;
}

async function settlePayout(withdrawalId: string, outcome: 'success' | 'failed'): Promise<void> {
  const res = await fetch(`${site.url}/sandbox/payouts/${withdrawalId}/settle`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome }),
  });
  assert.equal(res.status, 200, `settle ${withdrawalId}: ${res.status}`);
}

test('a finance operator approves a slip (credited once, audited), pays a failed withdrawal out again and adjusts a wallet', async () => {
  const finance = await createOperator(site, 'nok', 'finance');
  const { member, token } = await memberWithMoney('0867770003');
  await uploadSlip(token);
  await failedWithdrawal(token, 30_000);
  await until(async () => (await balance(token)) === 100_000, 'the failed payout came back');

  await inConsole('ops-finance', async (page) => {
    await enrolInConsole(page, finance);
    assert.deepEqual(await menuEntries(page), [
      'Members',
      'Slips in review',
      'Withdrawals',
      'Refused deliveries',
      'Bonuses and promotions',
      'Books',
      'My account',
    ]);

    // The slip: approved with the amount and the bank reference the image shows.
    await consoleLink(page, 'Slips in review').click();
    const row = page.getByRole('row').filter({ hasText: member.phone });
    await row.getByRole('button', { name: /Approve/ }).click();
    const approve = page.getByRole('dialog');
    await approve.getByLabel(/Bank reference on the slip/).fill('E2EREF0001');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Credit this slip?').waitFor();
    await page.getByRole('button', { name: 'Approve' }).last().click();
    await page.getByText(new RegExp(`500\\.00 THB credited to ${member.phone}`)).waitFor();
    await until(async () => (await balance(token)) === 150_000, 'the slip was credited');
    assert.equal(await row.count(), 0, 'the slip left the queue');

    // Withdrawals, failed: paid out again once.
    await consoleLink(page, 'Withdrawals').click();
    await page.getByRole('tab', { name: 'Failed' }).click();
    const failedRow = page.getByRole('row').filter({ hasText: member.phone });
    await failedRow.getByRole('button', { name: /Pay out again/ }).click();
    await page.getByRole('button', { name: 'Pay out again' }).last().click();
    await page.getByText(new RegExp(`300\\.00 THB is being paid out again to ${member.phone}`)).waitFor();
    await until(async () => (await balance(token)) === 120_000, 'the new payout took the money');

    // The wallet adjusted by hand: 25.50 baht credited with a reason.
    await consoleLink(page, 'Members').click();
    await page.getByLabel('Phone, name or bank account').fill(member.phone);
    await page.getByLabel('Phone, name or bank account').press('Enter');
    await page.getByRole('link', { name: new RegExp(member.phone) }).click();
    await page.getByLabel(/^Amount/).fill('25.50');
    await page.getByLabel(/^Reason/).fill('Goodwill for a late payout');
    await page.getByRole('button', { name: 'Credit the wallet…' }).click();
    await page.getByRole('button', { name: 'Credit 25.50 baht' }).click();
    await page.getByText(/25\.50 baht credited to/).waitFor();
    await until(async () => (await balance(token)) === 122_550, 'the adjustment was credited');
  });

  // Each action once in the audit log, under the operator's name.
  const audit = await site.ops('audit', '--actor', 'nok');
  for (const action of ['slip.approve', 'withdrawal.retry', 'wallet.adjust'])
    assert.equal(audit.split('\n').filter((l) => l.includes(action)).length, 1, `${action}:\n${audit}`);
});

const consoleLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name });

/** Waits until the switch shows the saved value (it is disabled while the change is being saved). */
async function waitForChecked(locator: ReturnType<Page['locator']>, checked: boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await locator.isChecked()) !== checked || (await locator.isDisabled())) {
    assert.ok(Date.now() < deadline, `the switch became ${checked ? 'on' : 'off'}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
