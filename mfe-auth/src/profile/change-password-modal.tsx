import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  FormField,
  Modal,
  replaceToken,
  showAlert,
  toast,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { profileApi } from './api';
import type { MessageKey } from '../common/form-rules';
import { validatePasswords } from '../common/form-rules';

export interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/** The change-password modal of `/user/profile`; its fields start empty every time it opens. */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('changePassword.title')}
      data-testid="change-password-modal"
    >
      <ChangePasswordForm onDone={onClose} />
    </Modal>
  );
}

/**
 * Spec §5: old, new and confirm are required (submit does nothing while one is empty) and new must equal confirm.
 * The server answers with a fresh token (it revokes the member's other sessions), which replaces the stored one.
 * Spec §8: success shows an alert, a failure a dialog titled error; the mismatch (a form error) shows under the
 * confirm field and as the 4 s toast. A refusal that names its field (a wrong current password, a new password the
 * server does not accept) also stays under that field until it is edited.
 */
function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const formId = useId();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState<MessageKey | null>(null);
  const [refused, setRefused] = useState<{ field: string; message: string } | null>(null);
  const change = useAsyncAction(profileApi.changePassword, {
    onError: (error) => {
      if (error.field) setRefused({ field: error.field, message: error.message });
      void showAlert({ kind: 'error', message: error.message });
    },
  });
  const refusal = (field: 'oldPassword' | 'newPassword') =>
    refused?.field === field ? refused.message : undefined;
  const edited = (field: 'oldPassword' | 'newPassword') => {
    if (refused?.field === field) setRefused(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!oldPassword || !newPassword || !confirmPassword) return;
    const rule = validatePasswords(newPassword, confirmPassword);
    setMismatch(rule);
    if (rule) {
      // Spec §8: a form error shows inline and as the 4 s toast.
      toast.error(t(rule));
      return;
    }
    const result = await change.run(oldPassword, newPassword);
    if (!result.ok) return;
    replaceToken(result.value.token);
    onDone();
    void showAlert({ kind: 'success', message: t('changePassword.saved') });
  };

  return (
    <form id={formId} className="auth-form" onSubmit={submit} noValidate>
      <FormField
        label={t('changePassword.oldPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={oldPassword}
        onValueChange={(value) => {
          edited('oldPassword');
          setOldPassword(value);
        }}
        error={refusal('oldPassword')}
        data-testid="change-password-old"
      />
      <FormField
        label={t('changePassword.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={newPassword}
        onValueChange={(value) => {
          edited('newPassword');
          setNewPassword(value);
        }}
        error={refusal('newPassword')}
        data-testid="change-password-new"
      />
      <FormField
        label={t('changePassword.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onValueChange={setConfirmPassword}
        error={mismatch ? t(mismatch) : undefined}
        data-testid="change-password-confirm"
      />
      <div className="auth-form__actions">
        <Button
          variant="secondary"
          onClick={onDone}
          disabled={change.busy}
          data-testid="change-password-cancel"
        >
          {t('changePassword.cancel')}
        </Button>
        <Button type="submit" busy={change.busy} data-testid="change-password-submit">
          {t('changePassword.submit')}
        </Button>
      </div>
    </form>
  );
}
