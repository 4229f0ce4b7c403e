import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import {
  chatPanel,
  framesOf,
  inboxList,
  inboxMessages,
  openConversation,
  openWidgetFromContactPage,
  recordChatWire,
  replyForm,
  replyImage,
  replyText,
  sendFromWidget,
  solidPng,
  waitForLoadedImage,
  widgetMessages,
  widgetTexts,
} from '../lib/chat';
import { createOperator, enrolInConsole, newConsoleContext } from '../lib/console';
import { api, registerMember, signIn } from '../lib/members';
import { setSetting } from '../lib/spin';
import { startSite, type Site } from '../lib/site';

let site: Site;
let browser: Browser;

before(async () => {
  // The embedded PGlite on disk (DATABASE_URL unset) rather than in memory: the conversation must outlive a
  // restart of the server process.
  site = await startSite({ env: { DATABASE_URL: '' } });
  await setSetting(site, 'enableChatWidget', true);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

interface Party {
  context: BrowserContext;
  page: Page;
}

/**
 * Runs a scenario with a customer (phone-sized, English) and a support agent signed in to the console (enrolled
 * at this first sign-in) on /ops/inbox; a failure leaves a screenshot of both.
 */
async function withCustomerAndAgent(
  name: string,
  scenario: (customer: Party, agent: Party) => Promise<void>,
): Promise<void> {
  const customerContext = await newMemberContext(browser, site.url, {
    language: 'en',
    agreementAccepted: true,
  });
  const agentContext = await newConsoleContext(browser, site.url);
  const customer = { context: customerContext, page: await customerContext.newPage() };
  const agent = { context: agentContext, page: await agentContext.newPage() };
  try {
    await enrolInConsole(agent.page, await createOperator(site, `${name}-agent`, 'support'));
    await scenario(customer, agent);
  } catch (error) {
    await snapshot(customer.page, `${name}-customer`);
    await snapshot(agent.page, `${name}-agent`);
    throw error;
  } finally {
    await customerContext.close();
    await agentContext.close();
  }
}

/** Types a letter every half second into `box` until `sign` shows (10 s at most). */
async function keepTypingUntil(box: Locator, sign: Locator): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await sign.isVisible())) {
    assert.ok(Date.now() < deadline, 'the other side shows the typing');
    await box.pressSequentially('a');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The inbox's name of a guest's conversation: "Guest" and the end of the id the widget stored. */
async function guestName(page: Page): Promise<string> {
  const guestId = await page.evaluate(() => window.localStorage.getItem('guest-id'));
  assert.ok(guestId, 'the widget stored the guest id the server gave it');
  return `Guest ${guestId.slice(-6)}`;
}

test('a guest and a support agent chat with texts and images, each side seeing the other live', async () => {
  await withCustomerAndAgent('chat-guest', async (guest, agent) => {
    const wire = recordChatWire(guest.page);
    await guest.page.goto('/contact');
    await openWidgetFromContactPage(guest.page);
    await sendFromWidget(guest.page, 'Hello, my deposit has not arrived');
    const who = await guestName(guest.page);

    // The agent's inbox lists the conversation with one unread message.
    await agent.page.goto('/ops/inbox');
    const entry = inboxList(agent.page).getByRole('link', { name: who });
    await entry.waitFor();
    await entry.getByText('1 unread message').waitFor();
    await entry.getByText('Hello, my deposit has not arrived').waitFor();

    await openConversation(agent.page, who);
    await inboxMessages(agent.page).filter({ hasText: 'Hello, my deposit has not arrived' }).waitFor();
    // Opened: read for the agents, the badge goes.
    await entry.getByTestId('ainbox-unread').waitFor({ state: 'detached' });

    // Each side sees the other typing, while it keeps typing (a sign at most every 3 s, the first one may have
    // gone with the message above).
    await keepTypingUntil(
      chatPanel(guest.page).getByRole('textbox'),
      agent.page.getByText('The customer is typing…'),
    );
    await chatPanel(guest.page).getByRole('textbox').fill('');
    await keepTypingUntil(
      replyForm(agent.page).getByLabel('Message', { exact: true }),
      chatPanel(guest.page).getByText('Support is typing…'),
    );

    await replyText(agent.page, 'Hello! Let me check that for you.');
    await replyImage(agent.page, 'receipt.png', solidPng(24, 16, [200, 30, 30]));
    // The agent's message ends the "typing…".
    await chatPanel(guest.page).getByText('Support is typing…').waitFor({ state: 'detached' });

    // The guest sees both, the image loaded through its signed link.
    await widgetMessages(guest.page).filter({ hasText: 'Hello! Let me check that for you.' }).waitFor();
    const agentImage = widgetMessages(guest.page).locator('.chat-bubble--other img');
    assert.equal(await waitForLoadedImage(agentImage), 24, 'the guest sees the agent’s picture');

    // Spec §3 and §7 on the wire: the widget joined its room (the prefix and its guest id), sent the conversation
    // package (a text's payload is the text) and heard each message as `messaging`, the agent's as `other`.
    const guestId = await guest.page.evaluate(() => window.localStorage.getItem('guest-id'));
    const room = `${(await api<{ PREFIX: string }>(site, '/api/chat/config')).PREFIX}${guestId}`;
    assert.ok(
      framesOf(wire, 'sent', 'join').some((body) => (body as { room?: string }).room === room),
      `the widget joined ${room}`,
    );
    const pick = (value: unknown, keys: string[]) =>
      Object.fromEntries(keys.map((key) => [key, (value as Record<string, unknown>)[key]]));
    const first = wire.sendBodies[0];
    assert.deepEqual(pick(first, ['sender', 'session_id', 'guestId', 'message']), {
      sender: 'customer',
      session_id: room,
      guestId,
      message: { message_type: 'text', payload: 'Hello, my deposit has not arrived' },
    });
    const heard = framesOf(wire, 'received', 'messaging') as Record<string, unknown>[];
    const spoken = heard.find(
      (m) => (m.message as { payload?: unknown }).payload === 'Hello! Let me check that for you.',
    );
    assert.ok(spoken, 'the agent’s text came as a messaging event');
    const SPEC_FIELDS = [
      'sender',
      'message',
      'session_id',
      'userId',
      'guestId',
      'username',
      'name',
      'deviceToken',
    ];
    assert.deepEqual(pick(spoken, SPEC_FIELDS), {
      sender: 'other',
      message: { message_type: 'text', payload: 'Hello! Let me check that for you.' },
      session_id: room,
      userId: null,
      guestId,
      username: null,
      name: null,
      deviceToken: null,
    });
    assert.match(String(spoken.createdAt), /^\d{4}-\d\d-\d\dT/);
    assert.equal(framesOf(wire, 'received', 'chat:message').length, 0, 'no other name for a message');
    assert.deepEqual(await widgetTexts(guest.page), [
      'Hello, my deposit has not arrived',
      'Hello! Let me check that for you.',
      '',
    ]);

    // The guest answers with a picture; the agent sees it.
    await chatPanel(guest.page)
      .getByTestId('chat-file-input')
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: solidPng(10, 30, [20, 120, 220]) });
    await waitForLoadedImage(widgetMessages(guest.page).nth(3).locator('img'));
    const guestImage = inboxMessages(agent.page).nth(3).locator('img');
    assert.equal(await waitForLoadedImage(guestImage), 10, 'the agent sees the guest’s picture');
    assert.equal(await inboxMessages(agent.page).count(), 4);
  });
});

test('a member’s conversation is still there after the server restarts', async () => {
  const member = await registerMember(site, '0861230001', { name: 'Somchai Restart' });
  await withCustomerAndAgent('chat-restart', async (customer) => {
    await signIn(customer.page, member);
    await customer.page.goto('/user/contact');
    await openWidgetFromContactPage(customer.page);
    await sendFromWidget(customer.page, 'First question before the restart');
    await sendFromWidget(customer.page, 'Second question before the restart');

    await site.restart();

    await customer.page.reload();
    await openWidgetFromContactPage(customer.page);
    await widgetMessages(customer.page).nth(1).waitFor();
    assert.deepEqual(await widgetTexts(customer.page), [
      'First question before the restart',
      'Second question before the restart',
    ]);
    // And the conversation goes on after the restart.
    await sendFromWidget(customer.page, 'And one after it');
    assert.equal(await widgetMessages(customer.page).count(), 3);
  });
});

test('messages an agent sends while the member is offline arrive once each, in order, when the network is back', async () => {
  const member = await registerMember(site, '0861230002', { name: 'Malee Offline' });
  await withCustomerAndAgent('chat-offline', async (customer, agent) => {
    await signIn(customer.page, member);
    await customer.page.goto('/user/contact');
    await openWidgetFromContactPage(customer.page);
    await sendFromWidget(customer.page, 'Are you there?');

    await agent.page.goto('/ops/inbox');
    await openConversation(agent.page, 'Malee Offline');
    await replyText(agent.page, 'Yes, one moment.');
    await widgetMessages(customer.page).filter({ hasText: 'Yes, one moment.' }).waitFor();

    // The member's network goes: the widget says it is reconnecting.
    await customer.context.setOffline(true);
    await chatPanel(customer.page).getByText('Reconnecting…').waitFor();

    await replyText(agent.page, 'Offline message one');
    await replyText(agent.page, 'Offline message two');
    await replyText(agent.page, 'Offline message three');
    // Nothing reached the member meanwhile.
    assert.equal(await widgetMessages(customer.page).count(), 2);

    await customer.context.setOffline(false);
    await chatPanel(customer.page).getByText('Reconnecting…').waitFor({ state: 'detached', timeout: 20_000 });
    await widgetMessages(customer.page).filter({ hasText: 'Offline message three' }).waitFor();
    // A moment more: a late duplicate (the join's answer and a pushed copy) would show now.
    await customer.page.waitForTimeout(1500);
    assert.deepEqual(await widgetTexts(customer.page), [
      'Are you there?',
      'Yes, one moment.',
      'Offline message one',
      'Offline message two',
      'Offline message three',
    ]);
    const seqs = await widgetMessages(customer.page).evaluateAll((items) =>
      items.map((item) => Number(item.getAttribute('data-seq'))),
    );
    assert.deepEqual(seqs, [1, 2, 3, 4, 5], 'each stored message once, in sequence order');
  });
});
