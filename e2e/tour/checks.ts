import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** WCAG 2.2 AA as axe-core tags it (2.0, 2.1 and 2.2 A and AA rules). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The impacts that fail the check. */
export const FAILING_IMPACTS = ['critical', 'serious'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  /** One CSS selector per element (axe's `target`, frames joined with " >>> "). */
  targets: string[];
  /** The failure summary of the first element (e.g. the contrast ratio found). */
  summary: string;
}

/**
 * Runs axe-core on the whole document as it is now (a window with the page under it). axe is put in the page
 * through the DevTools protocol (`page.evaluate` of its source), which the site's Content-Security-Policy does not
 * govern, unlike a `<script>` tag; once per loaded document.
 */
export async function runAxe(page: Page, scope?: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ tags, scope }) => {
      const runner = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const context = scope && document.querySelector(scope) ? { include: [[scope]] } : document;
      const results = await runner.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.map((n) => n.target.map((t) => (Array.isArray(t) ? t.join(' ') : t)).join(' >>> ')),
        summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
      }));
    },
    { tags: AXE_TAGS, scope },
  );
}

export interface OverflowFinding {
  /**
   * What is wrong: text wider or taller than its own box, cut off by its container, off the screen, a page wider
   * than the screen, a word broken in the middle; `truncated` is only reported: one long token (an address, a
   * code) that ends with an ellipsis beside its copy button. Words that end with an ellipsis are `text-overflow`.
   */
  kind: 'text-overflow' | 'clipped' | 'off-screen' | 'page-too-wide' | 'broken-word' | 'truncated';
  /** A selector that names the element (its nearest data-testid, its own tag and classes). */
  target: string;
  /** The element's text (start of it) and the numbers. */
  detail: string;
}

/** The findings that fail the check (a long address or code shortened with an ellipsis is shown, not failed). */
export const isOverflowFailure = (finding: OverflowFinding) => finding.kind !== 'truncated';

/**
 * Text that does not fit, measured in the page as it is now. Every element that shows text (labels, buttons,
 * links, tabs, headings, list items, cells, paragraphs, and any element with text of its own): text wider (or,
 * when the box hides overflow, taller) than its box (scrollWidth > clientWidth), text a container cuts off, text
 * off the screen, a page wider than the screen, and a Latin word broken over two lines ("Statemen/t"). Content of a
 * scroller is not cut off in the direction it scrolls, and an element entirely outside a clipping container (a
 * carousel's other slides) is not shown at all. Screen-reader-only text (1×1 px, or inside such a box), the
 * content of a closed <details> and the text of a text area (it scrolls) are left out.
 */
export async function findOverflow(page: Page, scope?: string): Promise<OverflowFinding[]> {
  // tsx compiles with esbuild's keepNames: the named helpers below call its `__name`, which the page lacks.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate((scope) => {
    const within = scope && document.querySelector(scope) ? scope : 'body';
    const findings: OverflowFinding[] = [];
    const viewport = document.documentElement.clientWidth;
    const TEXT =
      'label, button, a, [role="tab"], [role="button"], h1, h2, h3, h4, h5, h6, p, li, dt, dd, th, td, legend, ' +
      'summary, figcaption, select';

    const name = (el: Element): string => {
      const own =
        el.tagName.toLowerCase() +
        Array.from(el.classList)
          .slice(0, 2)
          .map((c) => `.${c}`)
          .join('');
      const testId = el.getAttribute('data-testid');
      if (testId) return `${own}[data-testid="${testId}"]`;
      const holder = el.parentElement?.closest('[data-testid]');
      return holder ? `[data-testid="${holder.getAttribute('data-testid')}"] ${own}` : own;
    };
    const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    /** A 1×1 px box that hides what overflows it: the screen-reader-only pattern (`wl-visually-hidden`). */
    const srOnly = (el: Element): boolean => {
      const box = el.getBoundingClientRect();
      if (box.width > 1 && box.height > 1) return false;
      const style = getComputedStyle(el);
      return style.overflow !== 'visible' || style.clipPath !== 'none' || style.clip !== 'auto';
    };
    const shown = (el: Element): boolean => {
      if (el.closest('[hidden]')) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        return false;
      // The content of a closed <details> keeps a box in Chromium but is not drawn; its summary is.
      if (el.closest('details:not([open])') && !el.closest('summary')) return false;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return false;
      // Inside a screen-reader-only box (a table's column headings over rows drawn as cards on a phone).
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (srOnly(up)) return false;
      return true;
    };
    const ownText = (el: Element) =>
      Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.nodeValue ?? '').trim() !== '',
      );
    const px = (n: number) => Math.round(n);

    const root = document.documentElement;
    if (root.scrollWidth > viewport + 1)
      findings.push({
        kind: 'page-too-wide',
        target: 'html',
        detail: `the page is ${root.scrollWidth} px wide on a ${viewport} px screen`,
      });

    const candidates = new Set<Element>(Array.from(document.querySelectorAll(TEXT)));
    for (const el of Array.from(document.body.querySelectorAll('*'))) if (ownText(el)) candidates.add(el);

    for (const el of candidates) {
      if (!el.closest(within)) continue;
      // A text area scrolls what it holds (an editor's HTML): its own text is not a label that must fit.
      if (el.closest('svg, script, style, noscript, option, textarea') || !shown(el) || !text(el)) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const inline = style.display === 'inline';
      const label = `"${text(el)}"`;

      if (!inline && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        const ellipsis = style.textOverflow === 'ellipsis' && style.overflowX !== 'visible';
        const token = !/\s/.test((el.textContent ?? '').trim());
        findings.push({
          kind: ellipsis && token ? 'truncated' : 'text-overflow',
          target: name(el),
          detail: `${label}: ${el.scrollWidth} px of content in a ${el.clientWidth} px box${ellipsis ? ' (ellipsis)' : ''}`,
        });
        continue;
      }
      if (
        !inline &&
        style.overflowY !== 'visible' &&
        el.clientHeight > 0 &&
        el.scrollHeight > el.clientHeight + 1
      ) {
        findings.push({
          kind: 'text-overflow',
          target: name(el),
          detail: `${label}: ${el.scrollHeight} px of content in a ${el.clientHeight} px high box`,
        });
        continue;
      }

      // The containers up to the page, per direction: a scroller lets the text through in the direction it
      // scrolls, a container that hides overflow cuts it (or hides it entirely: not shown, not a finding).
      let cut = '';
      let hidden = false;
      let scrollsX = false;
      let scrollsY = false;
      for (let up = el.parentElement; up && up !== document.body && !cut && !hidden; up = up.parentElement) {
        const upStyle = getComputedStyle(up);
        const area = up.getBoundingClientRect();
        const axes = [
          {
            clips: upStyle.overflowX,
            done: scrollsX,
            from: box.left,
            to: box.right,
            min: area.left,
            max: area.right,
          },
          {
            clips: upStyle.overflowY,
            done: scrollsY,
            from: box.top,
            to: box.bottom,
            min: area.top,
            max: area.bottom,
          },
        ];
        for (const axis of axes) {
          if (axis.done || (axis.clips !== 'hidden' && axis.clips !== 'clip')) continue;
          if (axis.to <= axis.min + 1 || axis.from >= axis.max - 1) hidden = true;
          else if (axis.from < axis.min - 1 || axis.to > axis.max + 1)
            cut = `${label} (${px(axis.from)}–${px(axis.to)} px) is cut off by ${name(up)} (${px(axis.min)}–${px(axis.max)} px)`;
        }
        if (upStyle.overflowX === 'auto' || upStyle.overflowX === 'scroll') scrollsX = true;
        if (upStyle.overflowY === 'auto' || upStyle.overflowY === 'scroll') scrollsY = true;
      }
      if (hidden) continue;
      if (cut) {
        findings.push({ kind: 'clipped', target: name(el), detail: cut });
        continue;
      }
      if (!scrollsX && (box.right > viewport + 1 || box.left < -1))
        findings.push({
          kind: 'off-screen',
          target: name(el),
          detail: `${label} spans ${px(box.left)}–${px(box.right)} px on a ${viewport} px screen`,
        });
    }

    // A word of Latin letters drawn on two lines was broken in the middle (overflow-wrap: anywhere at work).
    // Identifiers, numbers and addresses (letters next to digits or punctuation, text in <code>) may wrap anywhere.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const holder = node.parentElement;
      // Code (a setting's key, an action name) is an identifier: it may wrap anywhere.
      if (!holder?.closest(within) || holder.closest('code, kbd, samp') || !shown(holder)) continue;
      const value = node.nodeValue ?? '';
      for (const match of value.matchAll(/(?<![\w./:@-])[A-Za-z]{3,}(?![\w./:@-])/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
        const key = `${name(holder)}|${match[0]}`;
        if (lines.size > 1 && !seen.has(key)) {
          seen.add(key);
          findings.push({
            kind: 'broken-word',
            target: name(holder),
            detail: `"${match[0]}" is broken over ${lines.size} lines`,
          });
        }
      }
    }
    return findings;
  }, scope);
}
