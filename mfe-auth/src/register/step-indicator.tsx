import { useTranslation } from '@wallet/shared';
import { STEP_KEYS, type RegisterStep } from './register-form';

/** The four steps of the wizard, the current one marked. */
export function StepIndicator({ current }: { current: RegisterStep }) {
  const { t } = useTranslation('auth');
  return (
    <nav
      className="auth-steps"
      aria-label={t('register.title')}
      data-testid="register-steps"
      data-step={current}
    >
      <p className="auth-steps__caption">
        {t('register.stepOf', { current: current + 1, total: STEP_KEYS.length })}
      </p>
      <ol className="auth-steps__list">
        {STEP_KEYS.map((key, index) => {
          const state = stepState(index, current);
          return (
            <li
              key={key}
              className={`auth-steps__item auth-steps__item--${state}`}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className="auth-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="auth-steps__label">{t(`register.steps.${key}`)}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

type StepState = 'done' | 'current' | 'todo';

function stepState(index: number, current: number): StepState {
  if (index < current) return 'done';
  return index === current ? 'current' : 'todo';
}
