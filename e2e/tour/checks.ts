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
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const runner = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await runner.run(document, {
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
  }, AXE_TAGS);
}

export interface OverflowFinding {
  /** What is wrong: text wider or taller than its own box, cut off by its container, off the screen, a word broken. */
  kind: 'text-overflow' | 'clipped' | 'off-screen' | 'page-too-wide' | 'broken-word';
  /** A selector that names the element (its nearest data-testid, its own tag and classes). */
  target: string;
  /** The element's text (start of it) and the numbers. */
  detail: string;
}

/**
 * Text that does not fit, measured in the page as it is now: labels, buttons, links, tabs, headings, list items,
 * table cells and paragraphs whose text is wider (or taller, when they hide overflow) than their box
 * (scrollWidth > clientWidth), that a container cuts off or that leave the screen, a page wider than the screen,
 * and a Latin word broken over two lines (e.g. "Statemen/t"). Content of a horizontal scroller is not "off the
 * screen", and an element entirely outside a clipping container (a carousel's other slides) is not shown at all.
 */
export async function findOverflow(page: Page): Promise<OverflowFinding[]> {
  // tsx compiles with esbuild's keepNames: the named helpers below call its `__name`, which the page lacks.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(() => {
    const findings: OverflowFinding[] = [];
    const viewport = document.documentElement.clientWidth;
    const TEXT =
      'label, button, a, [role="tab"], [role="button"], h1, h2, h3, h4, h5, h6, p, li, dt, dd, th, td, legend, ' +
      'summary, figcaption, strong, select, .wl-toast__message';

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
    const shown = (el: Element): boolean => {
      if (el.closest('[hidden]')) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0)
        return false;
      const box = el.getBoundingClientRect();
      // Visually hidden text (1×1 px, clipped) is for screen readers only.
      return box.width > 1 && box.height > 1;
    };
    const scrolls = (style: CSSStyleDeclaration) =>
      style.overflowX === 'auto' || style.overflowX === 'scroll';
    const clips = (style: CSSStyleDeclaration) => style.overflowX === 'hidden' || style.overflowX === 'clip';

    const root = document.documentElement;
    if (root.scrollWidth > viewport + 1)
      findings.push({
        kind: 'page-too-wide',
        target: 'html',
        detail: `the page is ${root.scrollWidth} px wide on a ${viewport} px screen`,
      });

    for (const el of Array.from(document.querySelectorAll(TEXT))) {
      if (!shown(el) || !text(el)) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const inline = style.display === 'inline';

      if (!inline && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
        findings.push({
          kind: 'text-overflow',
          target: name(el),
          detail: `"${text(el)}": ${el.scrollWidth} px of content in a ${el.clientWidth} px box`,
        });
        continue;
      }
      if (!inline && style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1) {
        findings.push({
          kind: 'text-overflow',
          target: name(el),
          detail: `"${text(el)}": ${el.scrollHeight} px of content in a ${el.clientHeight} px high box`,
        });
        continue;
      }

      // The containers between the element and the page: a scroller lets it through, a clipping one cuts it.
      let cutBy: Element | null = null;
      let inScroller = false;
      let hiddenByClip = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const upStyle = getComputedStyle(up);
        if (scrolls(upStyle)) {
          inScroller = true;
          break;
        }
        if (clips(upStyle)) {
          const area = up.getBoundingClientRect();
          if (box.right <= area.left + 1 || box.left >= area.right - 1) {
            hiddenByClip = true;
            break;
          }
          if (box.left < area.left - 1 || box.right > area.right + 1) {
            cutBy = up;
            break;
          }
        }
      }
      if (hiddenByClip || inScroller) continue;
      if (cutBy) {
        findings.push({
          kind: 'clipped',
          target: name(el),
          detail: `"${text(el)}" (${Math.round(box.left)}–${Math.round(box.right)} px) is cut off by ${name(cutBy)}`,
        });
        continue;
      }
      if (box.right > viewport + 1 || box.left < -1)
        findings.push({
          kind: 'off-screen',
          target: name(el),
          detail: `"${text(el)}" spans ${Math.round(box.left)}–${Math.round(box.right)} px on a ${viewport} px screen`,
        });
    }

    // A Latin word drawn on two lines was broken in the middle (overflow-wrap: anywhere at work).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const holder = node.parentElement;
      if (!holder || !shown(holder)) continue;
      const value = node.nodeValue ?? '';
      for (const match of value.matchAll(/[A-Za-z]{3,}/g)) {
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
  });
}
