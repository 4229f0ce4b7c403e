import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DelayedLoader,
  dismissToasts,
  toast,
  toastError,
  useAsyncAction,
  useTranslation,
  Link,
  useNavigate,
  type ApiError,
} from '@wallet/shared';
import { otpApi, registerApi, type OtpSendResponse } from './api';
import { BankStep } from './bank-step';
import { forgetInviterCode, useInviterCode } from './inviter-code';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { ProfileStep } from './profile-step';
import {
  SERVER_FIELDS,
  emptyForm,
  profilePayload,
  registrationPayload,
  type FormPatch,
  type RegisterField,
  type RegisterForm,
  type RegisterStep,
} from './register-form';
import { StepIndicator } from './step-indicator';
import type { ServerErrors } from './step-props';

/** What the login page reads from the navigation state: the phone just registered (never the password). */
export interface RegisteredState {
  phone: string;
}

/** Spec §4/§9: after a successful registration the visitor goes to /login 2 s later. */
export const REDIRECT_TO_LOGIN_MS = 2000;

/** Response code of a send for a phone that is already verified: the wizard skips to the profile. */
const OTP_VERIFIED = 'OTP_VERIFIED';

/** One-time code sent, or `null` when one-time-code registration is switched off (spec §4 registerOTP flag). */
async function sendCodeIfEnabled(phone: string): Promise<OtpSendResponse | null> {
  const { registerOTP } = await registerApi.registerOTP();
  return registerOTP ? otpApi.send(phone) : null;
}

/**
 * `/register`: the four-step wizard of spec §4. Steps check their own fields; this component makes the server
 * calls between steps and remembers the path taken, so Back returns to the step actually shown before.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const inviter = useInviterCode();
  const [typed, setTyped] = useState<RegisterForm>(emptyForm);
  const [trail, setTrail] = useState<RegisterStep[]>([0]);
  const [otp, setOtp] = useState({ ref: '', token: '' });
  const [registered, setRegistered] = useState(false);
  const [serverErrors, setServerErrors] = useState<ServerErrors>({});
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const step = trail[trail.length - 1] ?? 0;
  const inviteLocked = inviter.code !== '';
  const form = useMemo(
    () => (inviteLocked ? { ...typed, inviteCode: inviter.code } : typed),
    [typed, inviteLocked, inviter.code],
  );

  const change = useCallback((patch: FormPatch) => {
    setTyped((current) => ({ ...current, ...patch }));
    // An edited field drops the server's refusal of its old value.
    setServerErrors((current) => {
      const edited = Object.keys(patch) as RegisterField[];
      if (!edited.some((field) => field in current)) return current;
      const rest = { ...current };
      for (const field of edited) delete rest[field];
      return rest;
    });
  }, []);
  const goTo = (next: RegisterStep) => setTrail((current) => [...current, next]);
  const back = () => setTrail((current) => (current.length > 1 ? current.slice(0, -1) : current));

  /**
   * A refusal that names its field (the error body's `field`) is shown at that field, on its step (the wizard
   * goes back to it when it was an earlier one), and toasted with the field's label; others are toasted as is.
   * A refused inviter code never traps the visitor: one that came with a link or from storage (read-only) is
   * dropped, out of storage too, and the field is left empty and editable; a typed one stays to be corrected or
   * cleared. Either way the message says registration can go on without it.
   */
  const showRefusal = (error: ApiError) => {
    const target = error.field === undefined ? undefined : SERVER_FIELDS[error.field];
    if (!target) {
      toastError(error);
      return;
    }
    let message = error.message;
    if (target.field === 'inviteCode') {
      if (inviteLocked) {
        message = t('register.inviteDropped', { code: inviter.code });
        inviter.drop();
        setTyped((current) => ({ ...current, inviteCode: '' }));
      } else {
        message = t('register.inviteRefused');
      }
    }
    // The inviter's messages name the code themselves.
    toast.error(
      target.field === 'inviteCode' ? message : t('register.fieldError', { field: t(target.label), message }),
    );
    setServerErrors({ [target.field]: message });
    setTrail((current) => {
      const at = current.lastIndexOf(target.step);
      return at >= 0 ? current.slice(0, at + 1) : current;
    });
  };
  const onError = { onError: showRefusal };
  const sendCode = useAsyncAction(sendCodeIfEnabled, onError);
  const verifyCode = useAsyncAction(otpApi.verify, onError);
  const validateProfile = useAsyncAction(registerApi.validate, onError);
  const register = useAsyncAction(registerApi.register, onError);
  const busy = sendCode.busy || verifyCode.busy || validateProfile.busy || register.busy;

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // A step's toasts go with it: cleared when the wizard shows another step (a toast raised by the very action
  // that moved it, e.g. a refusal sending the visitor back to the phone, stays: see dismissToasts)...
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    dismissToasts();
  }, [step]);
  // ...and when the visitor leaves the wizard, except the success message that sends them to the login.
  const done = useRef(false);
  useEffect(
    () => () => {
      if (!done.current) dismissToasts();
    },
    [],
  );

  const afterPhone = async () => {
    const result = await sendCode.run(form.phone);
    if (!result.ok) return;
    const sent = result.value;
    change({ otpCode: '' });
    setOtp({ ref: sent?.otpRef ?? '', token: sent?.otpToken ?? '' });
    goTo(sent && sent.code !== OTP_VERIFIED ? 1 : 2);
  };

  const afterCode = async () => {
    if ((await verifyCode.run(otp.token, form.otpCode)).ok) goTo(2);
  };

  const afterProfile = async () => {
    if ((await validateProfile.run(profilePayload(form, otp.token))).ok) goTo(3);
  };

  const afterBank = async () => {
    if (registered) return;
    if (!(await register.run(registrationPayload(form, otp.token))).ok) return;
    setRegistered(true);
    done.current = true;
    forgetInviterCode();
    toast.success(t('register.success'));
    // The login form holds the new phone (navigation state: not in the URL, never the password).
    const state: RegisteredState = { phone: form.phone.trim() };
    redirectTimer.current = setTimeout(() => navigate('/login', { state }), REDIRECT_TO_LOGIN_MS);
  };

  const stepProps = { form, onChange: change, onBack: back, busy: busy || registered, serverErrors };

  return (
    <section className="auth-page auth-register" data-testid="register-page">
      <h1 className="auth-page__title">{t('register.title')}</h1>
      <StepIndicator current={step} />
      {step === 0 && <PhoneStep {...stepProps} onBack={undefined} onNext={afterPhone} />}
      {step === 1 && <OtpStep {...stepProps} otpRef={otp.ref} onNext={afterCode} />}
      {step === 2 && <ProfileStep {...stepProps} inviteLocked={inviteLocked} onNext={afterProfile} />}
      {step === 3 && <BankStep {...stepProps} onNext={afterBank} />}
      <p className="auth-page__switch">
        {t('register.haveAccount')}{' '}
        <Link to="/login" data-testid="register-login-link">
          {t('register.loginLink')}
        </Link>
      </p>
      <DelayedLoader active={busy} />
    </section>
  );
}
