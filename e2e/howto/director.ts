import type { Locator, Page } from 'playwright-core';
import type { Caption } from './webvtt';

/** Pacing of the recordings: slow enough to follow on a phone. */
export const PACE = {
  /** Between the caption appearing and the action it describes. */
  lead: 900,
  /** After an action, so its result can be seen. */
  hold: 1700,
  /** Per typed character. */
  typing: 110,
};

/**
 * Drives one recorded page at a watchable pace and notes when each step starts (milliseconds from the start of
 * the recording), so the captions can follow the video.
 */
export class Director {
  readonly marks: { at: number; caption: Caption; poster?: boolean }[] = [];

  constructor(
    readonly page: Page,
    private readonly startedAt: number,
  ) {}

  now(): number {
    return Date.now() - this.startedAt;
  }

  /** Shows `caption`, then does `action`, then lets the result be seen. */
  async step(
    caption: Caption,
    action?: () => Promise<void>,
    options: { lead?: number; hold?: number; poster?: boolean } = {},
  ): Promise<void> {
    this.marks.push({ at: this.now(), caption, poster: options.poster });
    await this.pause(options.lead ?? PACE.lead);
    if (action) await action();
    await this.pause(options.hold ?? PACE.hold);
  }

  async pause(ms: number): Promise<void> {
    await this.page.waitForTimeout(ms);
  }

  /** Taps the field and types into it one character at a time. */
  async type(field: Locator, text: string): Promise<void> {
    await field.click();
    await field.fill('');
    await field.pressSequentially(text, { delay: PACE.typing });
  }

  /** Scrolls `target` to the middle of the screen. */
  async show(target: Locator): Promise<void> {
    await target.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'smooth' }));
    await this.pause(700);
  }

  /** Taps, with a short pause first so the eye finds the button. */
  async tap(target: Locator): Promise<void> {
    await target.scrollIntoViewIfNeeded();
    await this.pause(300);
    await target.click();
  }
}

/**
 * Draws a ring where the page is tapped (the recording shows no pointer), and keeps a game opened from the site in
 * the member's tab so it stays in the one video (the site opens it in a new tab, which Playwright would record
 * as a separate video). Runs in the recorded pages only; plain JavaScript, as Playwright adds it to each page.
 */
export const RECORDING_AIDS = `
window.addEventListener('pointerdown', function (event) {
  var size = 44;
  var ring = document.createElement('div');
  Object.assign(ring.style, {
    position: 'fixed', left: (event.clientX - size / 2) + 'px', top: (event.clientY - size / 2) + 'px',
    width: size + 'px', height: size + 'px', borderRadius: '50%',
    border: '3px solid rgba(255, 255, 255, 0.9)', background: 'rgba(240, 205, 115, 0.35)',
    boxShadow: '0 0 0 2px rgba(0, 0, 0, 0.35)', pointerEvents: 'none', zIndex: '2147483647',
    transition: 'transform 0.5s ease-out, opacity 0.5s ease-out'
  });
  document.documentElement.appendChild(ring);
  requestAnimationFrame(function () { ring.style.transform = 'scale(1.6)'; ring.style.opacity = '0'; });
  setTimeout(function () { ring.remove(); }, 700);
}, { capture: true });
(function () {
  var sameTab = {
    opener: null,
    close: function () {},
    location: {
      set href(url) { window.location.assign(url); },
      assign: function (url) { window.location.assign(url); }
    }
  };
  window.open = function (url) {
    if (url) window.location.assign(String(url));
    return sameTab;
  };
})();
`;
