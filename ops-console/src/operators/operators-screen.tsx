import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  CopyButton,
  DelayedLoader,
  formatDateTime,
  FormField,
  isApiError,
  SelectField,
  toast,
  toastError,
  useTranslation,
} from '@wallet/shared';
import {
  OPS_KEYS,
  opsApi,
  type Operator,
  type OperatorAccount,
  type OperatorChanged,
  type Role,
} from '../api';
import { errorText } from '../errors';
import { LoadFailed, OpsTable, useConsoleChange, useConsoleRead } from '@wallet/shared/ops';

const ROLES: readonly Role[] = ['admin', 'finance', 'support'];

/** The server's rules (docs/operators.md, "Accounts"): names 3–32 of a-z 0-9 . _ - (case-folded), passwords ≥ 12. */
const USERNAME = /^[a-z0-9._-]{3,32}$/;
export const MIN_PASSWORD = 12;

/** Letters and digits that cannot be mistaken for one another when read out or typed from a note. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 20-character initial password from the browser's CSPRNG (the CLI makes the same length). */
export function generatePassword(length = 20): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let out = '';
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  for (const byte of bytes) {
    if (byte < limit) out += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    if (out.length === length) return out;
  }
  return out + generatePassword(length - out.length);
}

interface Created {
  username: string;
  role: Role;
  password: string;
}

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/** The new operator's form; what was created is shown once above it. */
function CreateOperator({ onCreated }: { onCreated: (created: OperatorChanged) => void }) {
  const { t } = useTranslation('ops');
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('support');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created>();
  const doneRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (created) doneRef.current?.focus();
  }, [created]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().toLowerCase();
    const found: FieldErrors = {};
    if (!USERNAME.test(name)) found.username = t('operators.usernameRule');
    if (password.length < MIN_PASSWORD) found.password = t('operators.passwordRule', { min: MIN_PASSWORD });
    setErrors(found);
    if (found.username || found.password) return;
    setBusy(true);
    opsApi.createOperator({ username: name, role, password }).then(
      (operator) => {
        setBusy(false);
        setCreated({ username: operator.username, role: operator.role, password });
        setUsername('');
        setPassword('');
        setRole('support');
        toast.success(t('operators.createdToast', { name: operator.username }));
        onCreated(operator);
      },
      (error: unknown) => {
        setBusy(false);
        // The server's codes for this form, at the field they are about.
        const code = isApiError(error) ? error.code : '';
        if (code === 'EXISTING_USER') setErrors({ username: t('operators.taken') });
        else if (code === 'INVALID_USER_INFO') setErrors({ username: t('operators.usernameRule') });
        else if (code === 'WRONG_PASSWORD')
          setErrors({ password: t('operators.passwordRule', { min: MIN_PASSWORD }) });
        else toastError(error);
      },
    );
  };

  return (
    <section className="ops-group ops-create" aria-labelledby="ops-create-title">
      <h2 id="ops-create-title">{t('operators.createTitle')}</h2>
      {created && (
        <div className="ops-created" role="status">
          <p>{t('operators.created', { name: created.username, role: t(`roles.${created.role}`) })}</p>
          <p className="ops-secret">
            <span>{t('operators.initialPassword')}</span>
            <code data-testid="ops-initial-password">{created.password}</code>
            <CopyButton text={created.password} />
          </p>
          <p className="ops-hint">{t('operators.createdHint')}</p>
          <Button ref={doneRef} variant="secondary" size="sm" onClick={() => setCreated(undefined)}>
            {t('operators.createdDone')}
          </Button>
        </div>
      )}
      <form className="ops-form" onSubmit={submit} noValidate>
        <FormField
          id="ops-new-username"
          label={t('operators.username')}
          hint={t('operators.usernameRule')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={32}
          value={username}
          error={errors.username}
          onValueChange={setUsername}
        />
        <SelectField
          id="ops-new-role"
          label={t('operators.role')}
          required
          value={role}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          onValueChange={(value) => setRole(value as Role)}
        />
        <FormField
          id="ops-new-password"
          label={t('operators.initialPassword')}
          hint={t('operators.passwordRule', { min: MIN_PASSWORD })}
          // Shown as typed: the admin passes it on to the new operator, who changes it after signing in.
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={password}
          error={errors.password}
          onValueChange={setPassword}
          addon={
            <Button variant="ghost" size="sm" onClick={() => setPassword(generatePassword())}>
              {t('operators.generate')}
            </Button>
          }
        />
        <div className="ops-actions">
          <Button type="submit" busy={busy}>
            {t('operators.create')}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** Operator accounts (admin): the list, a new operator, disable or enable, reset two-step verification. */
export function OperatorsScreen({ operator }: { operator: Operator }) {
  const { t } = useTranslation('ops');
  const list = useConsoleRead(OPS_KEYS.operators, () => opsApi.operators(), { errorText });
  const operators = list.data;
  const { busy, run } = useConsoleChange();

  // A change's answer has no last sign-in: the row keeps the one it had.
  const change = (
    name: string,
    ask: Parameters<typeof run>[1]['ask'],
    call: () => Promise<OperatorChanged>,
    done: (o: OperatorChanged) => string,
  ) =>
    run(name, {
      ask,
      call,
      done: (changed: OperatorChanged) => {
        list.update((current) =>
          current.map((o) => (o.username === changed.username ? { ...o, ...changed } : o)),
        );
        return done(changed);
      },
    });

  const toggleStatus = async (account: OperatorAccount) => {
    const disabling = account.status === 'active';
    const name = account.username;
    await change(
      `status:${name}`,
      {
        title: disabling ? t('operators.disableTitle', { name }) : t('operators.enableTitle', { name }),
        body: disabling ? t('operators.disableBody', { name }) : t('operators.enableBody', { name }),
        confirmLabel: disabling ? t('operators.disable') : t('operators.enable'),
        danger: disabling,
      },
      () => opsApi.setOperatorStatus(name, disabling ? 'disabled' : 'active'),
      (o) =>
        o.status === 'disabled'
          ? t('operators.disabledToast', { name: o.username })
          : t('operators.enabledToast', { name: o.username }),
    );
  };

  const resetTotp = async (account: OperatorAccount) => {
    const name = account.username;
    await change(
      `totp:${name}`,
      {
        title: t('operators.resetTitle', { name }),
        body: t('operators.resetBody', { name }),
        confirmLabel: t('operators.reset'),
        danger: true,
      },
      () => opsApi.resetTotp(name),
      (o) => t('operators.resetToast', { name: o.username }),
    );
  };

  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('menu.operators')}</h1>
      {list.error ? (
        <LoadFailed message={list.error} actionLabel={t('retry')} onAction={list.retry} />
      ) : !operators ? (
        <DelayedLoader active variant="inline" label={t('loading')} />
      ) : (
        <OpsTable
          caption={t('operators.caption')}
          columns={[
            t('operators.username'),
            t('operators.role'),
            t('operators.status'),
            t('operators.totp'),
            t('operators.createdAt'),
            t('operators.lastSignIn'),
            t('operators.actions'),
          ]}
        >
          {operators.map((account) => {
            const self = account.username === operator.username;
            const name = account.username;
            return (
              <tr key={account.id}>
                <th scope="row">
                  {name} {self && <span className="ops-hint">{t('operators.you')}</span>}
                </th>
                <td>{t(`roles.${account.role}`)}</td>
                <td>
                  <span className={`ops-status ops-status--${account.status}`}>
                    {t(`operators.statuses.${account.status}`)}
                  </span>
                </td>
                <td>{account.totpEnabled ? t('operators.totpOn') : t('operators.totpOff')}</td>
                <td>{formatDateTime(account.createdAt)}</td>
                <td>
                  {account.lastSignInAt ? formatDateTime(account.lastSignInAt) : t('operators.neverSignedIn')}
                </td>
                <td>
                  <div className="ops-row-actions">
                    {/* The server refuses an admin disabling itself: the console offers it to no one. */}
                    {!self && (
                      <Button
                        variant={account.status === 'active' ? 'danger' : 'secondary'}
                        size="sm"
                        busy={busy === `status:${name}`}
                        disabled={busy !== undefined}
                        aria-label={
                          account.status === 'active'
                            ? t('operators.disableTitle', { name })
                            : t('operators.enableTitle', { name })
                        }
                        onClick={() => void toggleStatus(account)}
                      >
                        {account.status === 'active' ? t('operators.disable') : t('operators.enable')}
                      </Button>
                    )}
                    {account.totpEnabled && (
                      <Button
                        variant="secondary"
                        size="sm"
                        busy={busy === `totp:${name}`}
                        disabled={busy !== undefined}
                        aria-label={t('operators.resetTitle', { name })}
                        onClick={() => void resetTotp(account)}
                      >
                        {t('operators.reset')}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </OpsTable>
      )}
      <CreateOperator
        onCreated={(created) =>
          list.update((current) =>
            [
              ...current.filter((o) => o.username !== created.username),
              { ...created, lastSignInAt: null },
            ].sort((a, b) => a.username.localeCompare(b.username)),
          )
        }
      />
    </section>
  );
}
