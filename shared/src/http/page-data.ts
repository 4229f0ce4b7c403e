import { currentLocale } from '../i18n/i18n';

/**
 * The answers the server rendered into the page for the first screen's GETs: the `lookups` data block
 * (`<script type="application/json" id="lookups">{"/api/lookup/active":{"terminated":null},…}</script>`), keys the
 * GET paths, values the `data` of the API's envelope, in the page's language (the `site` block's `locale`). Each
 * answer serves the first ask of its path only: later asks go to the network for fresh data. Content is per
 * language, so an answer serves only while the page's language is the current one.
 */
export interface PageData {
  /** The page's answer for `path`, once (the entry is forgotten on the first ask, answered or not). */
  take(path: string, locale: string): { data: unknown } | undefined;
}

function readJsonBlock(doc: Document, id: string): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the page's `lookups` and `site` blocks once; a missing or malformed block answers nothing. */
export function readPageData(doc: Document): PageData {
  const site = readJsonBlock(doc, 'site');
  const locale = isRecord(site) && typeof site.locale === 'string' ? site.locale : undefined;
  const block = readJsonBlock(doc, 'lookups');
  const entries = new Map<string, unknown>(
    locale !== undefined && isRecord(block)
      ? Object.entries(block).filter(([, data]) => data !== undefined)
      : [],
  );
  return {
    take(path, current) {
      if (!entries.has(path)) return undefined;
      const data = entries.get(path);
      entries.delete(path);
      return current === locale ? { data } : undefined;
    },
  };
}

let pageData: PageData | undefined;

/** The page's answer for a GET of `path` in the current language, the first time it is asked; else undefined. */
export function takePageData(path: string): { data: unknown } | undefined {
  if (typeof document === 'undefined') return undefined;
  pageData ??= readPageData(document);
  return pageData.take(path, currentLocale());
}

/**
 * A member's figures the server painted into the page's first screen (the `member` data block, server/src/platform/
 * index-page/member-screen.ts `MemberPageFacts`), for the live screen's first render to show the same until its own read answers.
 * Amounts in minor units.
 */
export interface MemberFacts {
  name: string;
  currency: 'THB' | 'LAK';
  main: number;
  total: number;
}

/**
 * The page's member figures, once: the block leaves the page when read, so a later visit of the screen shows what
 * its own read answers. Undefined when there are none (or they are malformed).
 */
export function takeMemberFacts(doc: Document | undefined = globalThis.document): MemberFacts | undefined {
  if (!doc) return undefined;
  const block = readJsonBlock(doc, 'member');
  doc.getElementById('member')?.remove();
  if (!isRecord(block)) return undefined;
  const { name, currency, main, total } = block;
  if (typeof name !== 'string' || (currency !== 'THB' && currency !== 'LAK')) return undefined;
  if (!Number.isSafeInteger(main) || !Number.isSafeInteger(total)) return undefined;
  return { name, currency, main: main as number, total: total as number };
}
