import { useCallback, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DelayedLoader, i18n, onOpsSignedOut, ToastViewport, useTranslation } from '@wallet/shared';
import { opsApi, type Operator } from './api';
import { Shell } from './shell/shell';
import { CodeStep } from './sign-in/code-step';
import { EnrolStep } from './sign-in/enrol-step';
import { SignInForm } from './sign-in/sign-in-form';

/** Where the operator is: checking the cookie's session, signing in (which step), or in the console. */
export type Phase =
  | { name: 'checking' }
  | { name: 'signed-out'; notice?: string }
  | { name: 'code'; operator: Operator }
  | { name: 'enrol'; operator: Operator }
  | { name: 'in'; operator: Operator };

function phaseOf(operator: Operator): Phase {
  if (operator.stage === 'full') return { name: 'in', operator };
  if (operator.stage === 'enrol') return { name: 'enrol', operator };
  return { name: 'code', operator };
}

function Console() {
  const { t } = useTranslation('ops');
  const [phase, setPhase] = useState<Phase>({ name: 'checking' });

  useEffect(() => {
    let live = true;
    opsApi.me().then(
      (operator) => live && setPhase(phaseOf(operator)),
      () => live && setPhase({ name: 'signed-out' }),
    );
    return () => {
      live = false;
    };
  }, []);

  // A session that ends (expired, logged out elsewhere, five wrong codes): back to the sign-in, saying why.
  useEffect(
    () =>
      onOpsSignedOut((code) => {
        setPhase({
          name: 'signed-out',
          notice: code === 'EXPIRED_AUTH_TOKEN' ? t('signIn.expired') : t('signIn.again'),
        });
      }),
    [t],
  );

  // Leaving a sign-in half done ends that session on the server too.
  const signedOut = useCallback(() => {
    opsApi.logout().catch(() => undefined);
    setPhase({ name: 'signed-out' });
  }, []);

  switch (phase.name) {
    case 'checking':
      return <DelayedLoader active variant="overlay" label={t('loading')} />;
    case 'signed-out':
      return <SignInForm notice={phase.notice} onSignedIn={(operator) => setPhase(phaseOf(operator))} />;
    case 'code':
      return (
        <CodeStep
          operator={phase.operator}
          onDone={() => setPhase({ name: 'in', operator: { ...phase.operator, stage: 'full' } })}
          onCancel={signedOut}
        />
      );
    case 'enrol':
      return (
        <EnrolStep
          operator={phase.operator}
          onDone={() => setPhase({ name: 'in', operator: { ...phase.operator, stage: 'full' } })}
          onCancel={signedOut}
        />
      );
    case 'in':
      return (
        <Shell
          operator={phase.operator}
          onLoggedOut={() => setPhase({ name: 'signed-out', notice: t('signIn.loggedOut') })}
        />
      );
  }
}

/** The console: its strings from the page's one i18n instance (`@wallet/shared`), toasts over every screen. */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <Console />
      <ToastViewport />
    </I18nextProvider>
  );
}
