import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import type { ComponentProps } from 'react';

let purifier: Purifier | null = null;

/**
 * Our own DOMPurify instance (the hook below must not change how other code on the page sanitizes): links in
 * server html open in a new tab without giving the opened page a handle on ours.
 */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

/** Sanitized copy of html from the server (banners, notices, agreements): scripts, handlers and forms removed. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
}

export interface HtmlProps extends Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'> {
  html: string | null | undefined;
  as?: 'div' | 'span' | 'section' | 'article';
}

/** Renders server html, always sanitized with DOMPurify. The only place the site sets inner html. */
export function Html({ html, as: Tag = 'div', className, ...rest }: HtmlProps) {
  return (
    <Tag
      {...rest}
      className={`wl-html${className ? ` ${className}` : ''}`}
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
    />
  );
}
