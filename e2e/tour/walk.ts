import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newMemberContext } from '../lib/browser';
import { signIn } from '../lib/members';
import type { Site } from '../lib/site';
import { setSetting } from '../lib/spin';
import { WIZARD_PHONE, memberWithMoney, openSlipWindow, operatorContext } from './actors';
import { findOverflow, runAxe, type AxeFinding, type OverflowFinding } from './checks';
import { SettingsLock } from './settings-lock';
import {
  LANGUAGES,
  PHONE,
  TOUR_STATES,
  VIEWPORTS,
  WINDOW_SCOPE,
  type Language,
  type StepContext,
  type TourState,
  type Viewport,
} from './states';

/** One state in one language at one screen size, as the walk saw it. */
export interface Shot {
  state: string;
  language: Language;
  viewport: Viewport;
  /** The screenshot's file name in the output folder (tour mode only). */
  file?: string;
  /** axe-core's violations (run at the phone size only: the same markup at both sizes). */
  axe?: AxeFinding[];
  overflow: OverflowFinding[];
}

export interface StateFailure {
  state: string;
  language: Language;
  error: string;
  file?: string;
}

export interface TourResult {
  shots: Shot[];
  failures: StateFailure[];
  /** How long the walk took, in ms. */
  elapsedMs: number;
}

export interface WalkOptions {
  site: Site;
  browser: Browser;
  languages?: readonly Language[];
  states?: readonly TourState[];
  /** Take screenshots into this folder (the contact sheet's folder); none without it. */
  screenshotDir?: string;
  /** Called after each state in each language, for progress. */
  progress?: (line: string) => void;
  /** Walk the languages side by side (the default) or one after the other. */
  sideBySide?: boolean;
}

/** Lets the page finish what it shows: fonts, images, the delayed loader, opening animations. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = Array.from(document.images).filter(
      (img) => !img.complete && img.getBoundingClientRect().top < window.innerHeight,
    );
    const loaded = Promise.all(
      pending.map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
    await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 3000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page
    .getByTestId('loader')
    .first()
    .waitFor({ state: 'hidden', timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(200);
}

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

const fileName = (state: string, language: Language, viewport: Viewport) =>
  `${state}--${language}--${viewport.width}.png`;

async function look(
  page: Page,
  state: TourState,
  language: Language,
  viewport: Viewport,
  screenshotDir: string | undefined,
): Promise<Shot> {
  await page.setViewportSize(viewport);
  await settle(page);
  const scope = state.scope ?? (state.kind === 'window' ? WINDOW_SCOPE : undefined);
  const shot: Shot = { state: state.id, language, viewport, overflow: await findOverflow(page, scope) };
  if (viewport.width === PHONE.width) shot.axe = await runAxe(page, scope);
  if (screenshotDir) {
    shot.file = fileName(state.id, language, viewport);
    const path = join(screenshotDir, shot.file);
    // The whole page, or the whole window, in a screen as tall as it needs: a page as tall as the page (so the
    // fixed bottom menu is drawn where it ends, where a `fullPage` capture would draw it over the middle), a window
    // taller by what its scrolling parts hide (so a long window shows all it holds).
    let height = viewport.height;
    let hiddenBefore = Infinity;
    for (let round = 0; round < 3; round++) {
      const hidden = await page.evaluate(
        ({ kind, scope }) => {
          if (kind === 'page') return document.documentElement.scrollHeight - window.innerHeight;
          let hidden = 0;
          for (const part of Array.from(document.querySelectorAll(scope)))
            for (const el of [part, ...Array.from(part.querySelectorAll('*'))]) {
              const overflowY = getComputedStyle(el).overflowY;
              if (overflowY === 'auto' || overflowY === 'scroll')
                hidden = Math.max(hidden, el.scrollHeight - el.clientHeight);
            }
          return hidden;
        },
        { kind: state.kind, scope: scope ?? 'body' },
      );
      // A window whose height has a cap (the chat panel) hides as much in a taller screen: no taller then.
      if (state.kind === 'window' && hidden >= hiddenBefore - 1) {
        height = viewport.height;
        await page.setViewportSize(viewport);
        await settle(page);
        break;
      }
      hiddenBefore = hidden;
      const next = Math.min(height + hidden, 8000);
      if (next <= height + 1) break;
      height = next;
      await page.setViewportSize({ width: viewport.width, height });
      await settle(page);
    }
    await page.screenshot({ path, animations: 'disabled' });
    if (height !== viewport.height) await page.setViewportSize(viewport);
  }
  return shot;
}

/**
 * The states in runs of consecutive states with the same operator settings (`settings` unset: none); a state that
 * changes what every member sees (`alone`) is a run of its own that holds the site alone too.
 */
function settingsRuns(states: readonly TourState[]): { exclusive: boolean; states: TourState[] }[] {
  const runs: { settings?: string; alone?: true; exclusive: boolean; states: TourState[] }[] = [];
  for (const state of states) {
    const settings =
      Object.keys(state.settings ?? {}).length > 0 ? JSON.stringify(state.settings) : undefined;
    const last = runs[runs.length - 1];
    if (last && !last.alone && !state.alone && last.settings === settings) last.states.push(state);
    else
      runs.push({
        ...(settings ? { settings } : {}),
        ...(state.alone ? { alone: true } : {}),
        exclusive: settings !== undefined || state.alone === true,
        states: [state],
      });
  }
  return runs;
}

/** One language's part of the walk (the walk's options, that language, the lock the languages share). */
async function walkLanguage(
  options: WalkOptions,
  language: Language,
  states: readonly TourState[],
  lock: SettingsLock,
): Promise<Pick<TourResult, 'shots' | 'failures'>> {
  const { site, browser, screenshotDir } = options;
  const result: Pick<TourResult, 'shots' | 'failures'> = { shots: [], failures: [] };
  const contexts: BrowserContext[] = [];
  try {
    const member = await memberWithMoney(site, language);
    const pages: Partial<Record<TourState['who'], Page>> = {};
    // Without the agreement state in the walk (TOUR_ONLY), the agreement is accepted beforehand so that it does
    // not cover the other states.
    const agreementAccepted = !states.some((s) => s.id === 'agreement');
    for (const who of ['member', 'visitor'] as const) {
      const context = await newMemberContext(browser, site.url, { language, agreementAccepted });
      context.setDefaultTimeout(10_000);
      contexts.push(context);
      const page = await context.newPage();
      pages[who] = page;
      if (who === 'member') await signIn(page, member);
    }
    // The operator's sign-in failing leaves every operator state not reached, saying why.
    let operatorFailure: string | undefined;
    if (states.some((s) => s.who === 'operator')) {
      try {
        const context = await operatorContext(browser, site, language);
        contexts.push(context);
        pages.operator = context.pages()[0];
      } catch (error) {
        operatorFailure = `the admin did not get into the console: ${firstLine(error)}`;
      }
    }
    const broken: Partial<Record<TourState['who'], boolean>> = {};

    const walkState = async (state: TourState): Promise<void> => {
      const page = pages[state.who];
      if (!page) {
        result.failures.push({
          state: state.id,
          language,
          error: operatorFailure ?? `no page for ${state.who}`,
        });
        return;
      }
      const ctx: StepContext = { page, site, language, freshPhone: WIZARD_PHONE[language], member };
      if (!state.route && broken[state.who]) {
        result.failures.push({
          state: state.id,
          language,
          error: 'the state it goes on from was not reached',
        });
        return;
      }
      const t0 = Date.now();
      const previous: Record<string, boolean> = {};
      try {
        for (const [key, value] of Object.entries(state.settings ?? {}))
          previous[key] = await setSetting(site, key, value);
        if (state.route) {
          await page.setViewportSize(PHONE);
          await page.goto(state.route);
        }
        await state.open?.(ctx);
        const ready = state.readySelector ?? (state.ready && `[data-testid="${state.ready}"]`);
        if (!ready) throw new Error('the state names neither `ready` nor `readySelector`');
        await page.locator(ready).first().waitFor({ state: 'visible' });
        for (const viewport of VIEWPORTS)
          result.shots.push(await look(page, state, language, viewport, screenshotDir));
        await state.leave?.(ctx);
        broken[state.who] = false;
      } catch (error) {
        broken[state.who] = true;
        const failure: StateFailure = { state: state.id, language, error: firstLine(error) };
        if (screenshotDir) {
          failure.file = `${state.id}--${language}--failed.png`;
          await page.screenshot({ path: join(screenshotDir, failure.file) }).catch(() => undefined);
        }
        result.failures.push(failure);
      } finally {
        for (const [key, value] of Object.entries(previous)) await setSetting(site, key, value);
      }
      options.progress?.(
        `${language} ${state.id}: ${broken[state.who] ? 'NOT REACHED' : 'ok'} (${Date.now() - t0} ms)`,
      );
    };

    // A state without settings shares the site with the other languages' states; a run of states with the same
    // settings (the chat's, one after the other on one open panel) holds it alone from its first to its last, so
    // no other language sets a setting back under it.
    const walkStates = async (list: readonly TourState[]): Promise<void> => {
      for (const run of settingsRuns(list)) {
        if (run.exclusive)
          await lock.hold(true, async () => {
            for (const state of run.states) await walkState(state);
          });
        else for (const state of run.states) await lock.hold(false, () => walkState(state));
      }
    };
    await walkStates(states);
  } finally {
    for (const context of contexts) await context.close();
  }
  return result;
}

/**
 * Walks every tour state in every language: per language one visitor context, one signed-in member (with
 * money) and, when the walk has operator states, one admin signed in to the console, all in the one browser. The
 * languages are walked side by side (`TOUR_SEQUENTIAL=1` walks one after the other), each with its own member,
 * admin and phone numbers; a state that sets operator settings is walked while no other state is (SettingsLock).
 * Each state is opened once and looked at in each viewport (screenshot, overflow check; axe-core at the phone
 * size). A state that cannot be reached is recorded with its error and the states that go on from it are skipped;
 * the walk goes on with the next state that loads its own route. The result lists the languages in their order.
 */
export async function walkTour(options: WalkOptions): Promise<TourResult> {
  const started = Date.now();
  const languages = options.languages ?? LANGUAGES;
  const states = options.states ?? TOUR_STATES;
  await openSlipWindow(options.site);
  const lock = new SettingsLock();
  const parts: Pick<TourResult, 'shots' | 'failures'>[] = [];
  if (options.sideBySide ?? true) {
    parts.push(...(await Promise.all(languages.map((l) => walkLanguage(options, l, states, lock)))));
  } else {
    for (const language of languages) parts.push(await walkLanguage(options, language, states, lock));
  }
  // In the states' order within each language, as the contact sheet lists them.
  const order = new Map(states.map((s, i) => [s.id, i]));
  const byState = (a: { state: string }, b: { state: string }) =>
    (order.get(a.state) ?? 0) - (order.get(b.state) ?? 0);
  return {
    shots: parts.flatMap((p) => [...p.shots].sort(byState)),
    failures: parts.flatMap((p) => [...p.failures].sort(byState)),
    elapsedMs: Date.now() - started,
  };
}
