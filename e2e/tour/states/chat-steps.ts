// The steps of the support chat's states (the member's widget and the console's inbox).
import type { Page } from 'playwright-core';
import { click } from './steps';

/** The support chat's widget, on while its states are shown (off by default). */
export const CHAT_ON = { enableChatWidget: true };
/** What the checks of the chat widget's states look at: the widget (its button and its panel), not the page. */
export const CHAT_SCOPE = '[data-testid="chat-widget"]';
/** The widget's panel once its conversation has loaded (the composer is there). */
export const CHAT_READY = '[data-testid="chat-panel"] .chat-composer';

/**
 * The contact page's "chat with support" once the widget is there to hear it (the remote loads after the page: a
 * press before that would open nothing).
 */
export async function openChat(page: Page): Promise<void> {
  await page.getByTestId('chat-toggle').waitFor();
  await click(page, 'contact-open-chat');
}

/** Waits until the widget shows `count` stored messages (they come by the socket; a reload fetches them). */
export async function chatMessagesShown(page: Page, count: number): Promise<void> {
  const shown = (timeout: number) =>
    page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="chat-message"]').length >= count,
      count,
      { timeout },
    );
  try {
    await shown(5000);
  } catch {
    await page.reload();
    await openChat(page);
    await shown(10_000);
  }
}

/** A toast of the page dismissed (it would cover the widget), as the customer would. */
export async function dismissToasts(page: Page): Promise<void> {
  const toast = page.locator('.wl-toast');
  await toast.first().waitFor();
  while ((await toast.count()) > 0) {
    await toast.locator('.wl-toast__dismiss').first().click();
    await page.waitForTimeout(300);
  }
}

/** The composer of the console's open conversation switched to another message type (its builder). */
export async function composerKind(page: Page, kind: string): Promise<void> {
  await page.locator('.ainbox-composer__kind select').selectOption(kind);
}
