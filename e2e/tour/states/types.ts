// What a state of the tour is, and the languages and viewports it is looked at in.
import type { Page } from 'playwright-core';
import type { Member } from '../../lib/members';
import type { Site } from '../../lib/site';

export type Language = 'th' | 'la' | 'en';
export const LANGUAGES: readonly Language[] = ['th', 'la', 'en'];

export interface Viewport {
  width: number;
  height: number;
}
/** The phone most members use, and the narrowest one the site supports. */
export const PHONE: Viewport = { width: 390, height: 844 };
export const NARROW: Viewport = { width: 320, height: 640 };
export const VIEWPORTS: readonly Viewport[] = [PHONE, NARROW];

/** What the checks of a window look at unless the state names its own `scope`. */
export const WINDOW_SCOPE = '[role="dialog"], [role="alertdialog"]';

/** What a state's steps may use: the page (already on `route` when the state has one), the site, the language. */
export interface StepContext {
  page: Page;
  site: Site;
  language: Language;
  /** A phone number of this walk and language nobody has registered, for the registration wizard. */
  freshPhone: string;
  /** The signed-in member of this language (the one the operator states look up and give queue rows to). */
  member: Member;
}

export interface TourState {
  /** Stable and file-name safe: the screenshots are `<id>--<language>--<width>.png`. */
  id: string;
  /** What the contact sheet calls it. */
  title: string;
  /** A page, or a window (modal, sheet, alert, panel) over one. */
  kind: 'page' | 'window';
  /**
   * Seen by a visitor (logged out), by a signed-in member with money in the wallet and in one game, or by an admin
   * operator signed in to the operators' console (/ops/).
   */
  who: 'visitor' | 'member' | 'operator';
  /** Loaded first. Without it the state goes on from the page the previous state of the same `who` left. */
  route?: string;
  /** The steps a person takes to get there from `route` (or from the previous state). */
  open?: (ctx: StepContext) => Promise<void>;
  /** The data-testid that is visible once the state is reached (or `readySelector`). */
  ready?: string;
  /** A CSS selector visible once the state is reached, for a screen that has no data-testid to wait for. */
  readySelector?: string;
  /** Run after the state was looked at, before the next one (e.g. accept the agreement so it stops appearing). */
  leave?: (ctx: StepContext) => Promise<void>;
  /**
   * The part of the page the axe-core and overflow checks look at: the whole page for a page; for a window the
   * open dialogs (`[role="dialog"], [role="alertdialog"]`) unless it says otherwise (the page under a window has its
   * own state).
   */
  scope?: string;
  /** Operator settings the state needs while it is shown (set before `route` loads, set back after). */
  settings?: Record<string, boolean>;
  /**
   * The state changes what every member sees while it is shown (in `open`, set back in `leave`): the walk, which
   * walks the languages side by side, shows it with the site to itself, as it does a state with `settings`.
   */
  alone?: true;
}
