import type { FormPatch, RegisterForm } from './register-form';

/** What the wizard gives each step: the shared form, a way to change it, and where to go next or back. */
export interface StepProps {
  form: RegisterForm;
  onChange: (patch: FormPatch) => void;
  /** Called once the step's own rules pass; the wizard makes the server calls and moves on. */
  onNext: () => void;
  onBack?: () => void;
  busy: boolean;
}
