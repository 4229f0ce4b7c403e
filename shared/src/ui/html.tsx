import DOMPurify from 'dompurify';
import type { ComponentProps } from 'react';

let hooked = false;

/** Links in server html open in a new tab without giving the opened page a handle on ours. */
function ensureLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node instanceof Element && node.tagName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Sanitized copy of html from the server (banners, notices, agreements): scripts, handlers and forms removed. */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  ensureLinkHook();
  return DOMPurify.sanitize(html, {
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
