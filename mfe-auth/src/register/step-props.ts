import type { FormPatch, RegisterField, RegisterForm } from './register-form';

/** The server's refusals, by form field, already translated (shown at the field until it is edited). */
export type ServerErrors = Partial<Record<RegisterField, string>>;

/** What the wizard gives each step: the shared form, a way to change it, and where to go next or back. */
export interface StepProps {
  form: RegisterForm;
  onChange: (patch: FormPatch) => void;
  /** Called once the step's own rules pass; the wizard makes the server calls and moves on. */
  onNext: () => void;
  onBack?: () => void;
  busy: boolean;
  serverErrors: ServerErrors;
}
