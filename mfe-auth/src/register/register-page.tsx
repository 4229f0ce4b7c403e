import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DelayedLoader, toast, useAsyncAction, useTranslation, Link, useNavigate } from '@wallet/shared';
import { otpApi, registerApi, type OtpSendResponse } from './api';
import { BankStep } from './bank-step';
import { forgetInviterCode, useInviterCode } from './inviter-code';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { ProfileStep } from './profile-step';
import {
  emptyForm,
  profilePayload,
  registrationPayload,
  type FormPatch,
  type RegisterForm,
  type RegisterStep,
} from './register-form';
import { StepIndicator } from './step-indicator';

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
  const inviterCode = useInviterCode();
  const [typed, setTyped] = useState<RegisterForm>(emptyForm);
  const [trail, setTrail] = useState<RegisterStep[]>([0]);
  const [otp, setOtp] = useState({ ref: '', token: '' });
  const [registered, setRegistered] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const step = trail[trail.length - 1] ?? 0;
  const inviteLocked = inviterCode !== '';
  const form = useMemo(
    () => (inviteLocked ? { ...typed, inviteCode: inviterCode } : typed),
    [typed, inviteLocked, inviterCode],
  );

  const change = useCallback((patch: FormPatch) => setTyped((current) => ({ ...current, ...patch })), []);
  const goTo = (next: RegisterStep) => setTrail((current) => [...current, next]);
  const back = () => setTrail((current) => (current.length > 1 ? current.slice(0, -1) : current));

  const sendCode = useAsyncAction(sendCodeIfEnabled);
  const verifyCode = useAsyncAction(otpApi.verify);
  const validateProfile = useAsyncAction(registerApi.validate);
  const register = useAsyncAction(registerApi.register);
  const busy = sendCode.busy || verifyCode.busy || validateProfile.busy || register.busy;

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

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
    forgetInviterCode();
    toast.success(t('register.success'));
    redirectTimer.current = setTimeout(() => navigate('/login'), REDIRECT_TO_LOGIN_MS);
  };

  const stepProps = { form, onChange: change, onBack: back, busy: busy || registered };

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
