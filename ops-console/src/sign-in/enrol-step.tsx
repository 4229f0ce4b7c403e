import { useEffect, useState, type FormEvent } from 'react';
import { Button, CopyButton, DelayedLoader, FormField, useTranslation } from '@wallet/shared';
import { opsApi, type Enrolment, type Operator } from '../api';
import { errorText } from '../errors';
import { FormError, SignInLayout } from './sign-in-layout';

/** The server's QR code (SVG text) as an image: a data: URL, never markup put into the page. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * Enrolment of an operator with no authenticator yet: the QR code and the secret for typing, the first code to
 * confirm, then the ten recovery codes, shown this once.
 */
export function EnrolStep({
  operator,
  onDone,
  onCancel,
}: {
  operator: Operator;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('ops');
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [loadError, setLoadError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  useEffect(() => {
    let live = true;
    opsApi.enrol().then(
      (answer) => live && setEnrolment(answer),
      (failure: unknown) => live && setLoadError(errorText(failure)),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t('code.format'));
      return;
    }
    setBusy(true);
    setError(undefined);
    opsApi.confirmEnrol(code).then(
      (answer) => {
        setBusy(false);
        setRecoveryCodes(answer.recoveryCodes);
      },
      (failure: unknown) => {
        setBusy(false);
        setCode('');
        setError(errorText(failure));
      },
    );
  };

  if (recoveryCodes) {
    return (
      <SignInLayout title={t('enrol.recoveryTitle')}>
        <p className="ops-hint">{t('enrol.recoveryIntro')}</p>
        <ol className="ops-recovery" aria-label={t('enrol.recoveryList')}>
          {recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>
              <code>{recoveryCode}</code>
            </li>
          ))}
        </ol>
        <div className="ops-actions">
          <CopyButton text={recoveryCodes.join('\n')} />
        </div>
        <Button block onClick={onDone}>
          {t('enrol.saved')}
        </Button>
      </SignInLayout>
    );
  }

  return (
    <SignInLayout title={t('enrol.title')}>
      <p className="ops-hint">{t('enrol.intro', { name: operator.username })}</p>
      {loadError ? (
        <>
          <FormError text={loadError} />
          <Button
            variant="secondary"
            onClick={() => {
              setLoadError(undefined);
              setAttempt(attempt + 1);
            }}
          >
            {t('retry')}
          </Button>
        </>
      ) : !enrolment ? (
        <DelayedLoader active variant="inline" label={t('loading')} />
      ) : (
        <>
          <img
            className="ops-qr"
            src={svgDataUrl(enrolment.qrSvg)}
            alt={t('enrol.qrAlt')}
            width={200}
            height={200}
          />
          <p className="ops-hint">{t('enrol.secretIntro')}</p>
          <p className="ops-secret">
            <code aria-label={t('enrol.secret')}>{enrolment.secret}</code>
            <CopyButton text={enrolment.secret} />
          </p>
          <form onSubmit={submit} noValidate>
            <FormField
              id="ops-enrol-code"
              label={t('enrol.codeLabel')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              transform={(value) => value.replace(/\D/g, '')}
              onValueChange={setCode}
              error={error}
            />
            <Button type="submit" block busy={busy}>
              {t('enrol.confirm')}
            </Button>
          </form>
        </>
      )}
      <div className="ops-actions">
        <Button variant="ghost" onClick={onCancel}>
          {t('signIn.back')}
        </Button>
      </div>
    </SignInLayout>
  );
}
