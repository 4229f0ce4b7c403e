import { useState, type FormEvent } from 'react';
import { Button, FormField, Modal, toast, useAsyncAction, useTranslation } from '@wallet/shared';
import { bankNameApi } from './api';
import { checkBankAccountName, normaliseBankAccountName } from './bank-name-rules';

export interface EditBankNameModalProps {
  open: boolean;
  bankCode: string;
  currentName: string;
  /** The saved name, or null when the member closed without saving. */
  onClose: (savedName: string | null) => void;
}

/**
 * Spec §5: the account name of a KTB/TMB/BBL account in English letters and spaces, typed in uppercase. A name
 * that breaks the rule shows its message under the field and as the 4 s toast (spec §8).
 */
export function EditBankNameModal({ open, bankCode, currentName, onClose }: EditBankNameModalProps) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={open}
      onClose={() => onClose(null)}
      title={t('bankName.title')}
      data-testid="bank-name-modal"
    >
      <EditBankNameForm bankCode={bankCode} currentName={currentName} onClose={onClose} />
    </Modal>
  );
}

function EditBankNameForm({ bankCode, currentName, onClose }: Omit<EditBankNameModalProps, 'open'>) {
  const { t } = useTranslation('wallet');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useAsyncAction(bankNameApi.updateBankAccountName);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rule = checkBankAccountName(name);
    setProblem(rule);
    if (rule) {
      // Spec §8: a form error shows inline and as the 4 s toast.
      toast.error(t(rule));
      return;
    }
    const value = normaliseBankAccountName(name).trim().replace(/\s+/g, ' ');
    const result = await save.run(bankCode, value);
    if (result.ok) onClose(value);
  };

  return (
    <form className="wallet-form" onSubmit={submit} noValidate>
      <p className="wallet-note">{t('bankName.explain', { name: currentName })}</p>
      <FormField
        label={t('bankName.label')}
        transform="uppercase"
        autoComplete="off"
        autoCapitalize="characters"
        value={name}
        onValueChange={(value) => {
          setName(value);
          if (problem) setProblem(null);
        }}
        error={problem ? t(problem) : undefined}
        data-testid="bank-name-input"
      />
      <div className="wallet-form__actions">
        <Button variant="secondary" onClick={() => onClose(null)} disabled={save.busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" busy={save.busy} data-testid="bank-name-save">
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}
