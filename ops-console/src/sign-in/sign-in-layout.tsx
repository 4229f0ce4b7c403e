import type { ReactNode } from 'react';
import { LanguageSwitcher, useTranslation } from '@wallet/shared';

/** The frame of every sign-in step: the console's name, the language switcher, the step's card. */
export function SignInLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('ops');
  return (
    <div className="ops-signin">
      <header className="ops-signin__top">
        <span className="ops-brand">{t('appName')}</span>
        <LanguageSwitcher compact />
      </header>
      <main className="ops-card" aria-labelledby="ops-step-title">
        <h1 id="ops-step-title" className="ops-card__title">
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}

/** A form's error, read out when it appears. */
export function FormError({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p className="wl-ops-error" role="alert">
      {text}
    </p>
  );
}
