import { useLayoutEffect, useReducer, type ComponentProps } from 'react';
import { flushSync } from 'react-dom';

type Sanitize = (html: string) => string;

/**
 * DOMPurify is loaded on first use, in a chunk of its own: `@wallet/shared` is a shared singleton (never
 * tree-shaken, fetched on every page, /login included) and most pages never show server html.
 */
let sanitize: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;
const waiting = new Set<() => void>();

/**
 * Our own DOMPurify instance (the hook below must not change how other code on the page sanitizes): links in
 * server html open in a new tab without giving the opened page a handle on ours. A failed load (network) is not
 * kept: the next call tries again.
 */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(
    ({ default: DOMPurify }) => {
      const purifier = DOMPurify(window);
      purifier.addHook('afterSanitizeAttributes', (node) => {
        if (node.tagName === 'A' && node.hasAttribute('href')) {
          node.setAttribute('target', '_blank');
          node.setAttribute('rel', 'noopener noreferrer');
        }
      });
      sanitize = (html) =>
        purifier.sanitize(html, {
          USE_PROFILES: { html: true },
          FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
        });
      for (const show of waiting) show();
      return sanitize;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Sanitized copy of html from the server (banners, notices, agreements): scripts, handlers and forms removed. */
export async function sanitizeHtml(html: string | null | undefined): Promise<string> {
  if (!html) return '';
  return (await loadSanitizer())(html);
}

export interface HtmlProps extends Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string | null | undefined;
  as?: 'div' | 'span' | 'section' | 'article';
}

/**
 * Renders server html, always sanitized with DOMPurify. The only place the site sets inner html. Until DOMPurify
 * is loaded (first use on the page only) the element is empty and `aria-busy`; unsanitized html is never shown.
 */
export function Html({ html, as: Tag = 'div', className, ...rest }: HtmlProps) {
  const [, shown] = useReducer((n: number) => n + 1, 0);
  const pending = Boolean(html) && !sanitize;
  // Like React.lazy, the load starts while rendering; it is idempotent.
  if (pending) void loadSanitizer().catch(() => undefined);
  useLayoutEffect(() => {
    if (!pending) return undefined;
    // As soon as it is loaded, in the same task: no frame with the element empty once the code is there.
    const show = () => flushSync(shown);
    waiting.add(show);
    if (sanitize) shown(); // loaded between render and commit
    return () => {
      waiting.delete(show);
    };
  }, [pending]);
  return (
    <Tag
      {...rest}
      className={`wl-html${className ? ` ${className}` : ''}`}
      aria-busy={pending || undefined}
      dangerouslySetInnerHTML={{ __html: html && sanitize ? sanitize(html) : '' }}
    />
  );
}
