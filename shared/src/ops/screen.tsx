import { useEffect, useRef, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the page's one instance (see ./form.tsx), not another part
import { currencyScale, formatMoney, Link, type Currency } from '@wallet/shared';

/**
 * The frame of a remote's console screen: its title and what it shows. `view` names what is shown; back on
 * `listView` from another (an editor saved or cancelled), the focus goes to the title rather than the page's top.
 */
export function ConsoleScreen({
  title,
  view,
  listView,
  children,
}: {
  title: string;
  view: string;
  listView: string;
  children: ReactNode;
}) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current !== view && view === listView) titleRef.current?.focus();
    shownView.current = view;
  }, [view, listView]);
  return (
    <div className="wl-opsf-screen" data-testid="wl-opsf-screen">
      <h1 className="wl-opsf-title" ref={titleRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}

/** A list of a screen: its heading, the link to a new record (when the operator may create one), the list. */
export function ListSection({
  id,
  title,
  newLink,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  newLink?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <section className="wl-opsf-section" aria-labelledby={id}>
      <div className="wl-opsf-section__head">
        <h2 id={id}>{title}</h2>
        {newLink && (
          <Link className="wl-btn wl-btn--primary wl-btn--sm" to={newLink.to}>
            {newLink.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** The link from a row of a list to its editor. */
export function EditLink({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Link className="wl-btn wl-btn--secondary wl-btn--sm" to={to} aria-label={name}>
      {label}
    </Link>
  );
}

/** An on/off state of a record (active, listed...). */
export function Flag({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <span className={`wl-opsf-flag wl-opsf-flag--${on ? 'on' : 'off'}`}>{on ? yes : no}</span>;
}

/** An amount in minor units as the console shows it: `1,500.00 THB`, `50,000 LAK`. */
export const moneyText = (minor: number, currency: Currency | string): string =>
  `${formatMoney(minor, currencyScale(currency as Currency))} ${currency}`;

/** The verdict of a check an operator runs (the books balance, or not), announced. */
export function Verdict({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p className={`wl-ops-verdict wl-ops-verdict--${ok ? 'ok' : 'off'}`} role="status">
      {children}
    </p>
  );
}
