import { useState, type FormEvent } from 'react';
import {
  Button,
  FormField,
  Modal,
  SelectField,
  showAlert,
  toast,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import type { GameAccount } from '../common/wallet-api';
import { transferApi, type TransferResult } from './api';
import { MAIN_WALLET } from '../common/money-operation';
import { showMoney, type MoneyFormat } from '../common/money';
import { useActionKey } from '../common/use-action-key';
import { announceWalletChange } from '../common/wallet-events';
import { OperationOutcome, useOperationText } from '../common/operation-outcome';
import { checkTransfer, TRANSFER_MINIMUM_MAJOR, type TransferProblem } from './transfer-rules';

export interface TransferModalProps {
  open: boolean;
  walletAmount: number;
  games: readonly GameAccount[];
  format: MoneyFormat;
  /** Preselected accounts, e.g. a game account's modal opens it with `to` set to the game. */
  initialFrom?: string;
  initialTo?: string;
  /** `true` when money moved: the parent refreshes. */
  onClose: (moved: boolean) => void;
}

/** Moves money between the main wallet and the member's active game accounts (spec §2, §5). */
export function TransferModal(props: TransferModalProps) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={props.open}
      onClose={() => props.onClose(false)}
      title={t('transfer.title')}
      data-testid="transfer-modal"
    >
      <TransferForm {...props} />
    </Modal>
  );
}

function TransferForm({ walletAmount, games, format, initialFrom, initialTo, onClose }: TransferModalProps) {
  const { t } = useTranslation('wallet');
  const [from, setFrom] = useState(initialFrom ?? '');
  const [to, setTo] = useState(initialTo ?? '');
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState<TransferProblem | null>(null);
  const { keyFor, settle } = useActionKey();
  const outcome = useOperationText(format, games);
  const transfer = useAsyncAction(transferApi.transfer, {
    onError: (error) => void showAlert({ kind: 'error', message: error.message }),
  });

  const active = games.filter((game) => game.isActive);
  const options = [
    {
      value: MAIN_WALLET,
      label: t('transfer.mainWallet', { amount: showMoney(walletAmount, format) }),
    },
    ...active.map((game) => ({
      value: game.code,
      label: t('transfer.gameAccount', { name: game.name, amount: showMoney(game.amount, format) }),
    })),
  ];
  const currency = t(`common:currency.${format.currency}`);
  const describe = (p: TransferProblem) =>
    t(p.key, { min: p.key === 'transfer.errors.minAmount' ? p.min : undefined, currency });
  const amountError = problem?.key === 'transfer.errors.minAmount' ? describe(problem) : undefined;
  const accountError = problem && problem.key !== 'transfer.errors.minAmount' ? describe(problem) : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkTransfer({ from, to, amountText }, format);
    if (!check.ok) {
      setProblem(check.problem);
      toast.error(describe(check.problem));
      return;
    }
    setProblem(null);
    const key = keyFor(`${from}>${to}:${check.amount}`);
    const result = await transfer.run({ from, to, amount: check.amount }, key);
    settle(result.ok ? undefined : (result.error ?? undefined));
    if (!result.ok) return;
    // Every answer that is not an error moved money or holds it for the provider: the balances change.
    announceWalletChange('transfer');
    onClose(true);
    void showAlert(resultAlert(result.value));
  };

  /** SUCCESS: done; PENDING: the provider confirms later; PARTIAL: what moved and what did not, from the legs. */
  const resultAlert = (answer: TransferResult): Parameters<typeof showAlert>[0] => {
    if (answer.status === 'PARTIAL')
      return {
        kind: 'warning',
        title: t('transfer.partialTitle'),
        message: <OperationOutcome lines={outcome.legLines(answer.operation)} testId="transfer-outcome" />,
      };
    return {
      kind: 'success',
      message: answer.status === 'PENDING' ? t('transfer.pending') : t('transfer.done'),
    };
  };

  return (
    <form className="wallet-form" onSubmit={submit} noValidate>
      <SelectField
        label={t('transfer.from')}
        placeholder={t('transfer.choose')}
        options={options}
        value={from}
        onValueChange={setFrom}
        data-testid="transfer-from"
      />
      <SelectField
        label={t('transfer.to')}
        placeholder={t('transfer.choose')}
        options={options}
        value={to}
        onValueChange={setTo}
        error={accountError}
        data-testid="transfer-to"
      />
      <FormField
        label={t('transfer.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onValueChange={setAmountText}
        error={amountError}
        hint={t('transfer.minHint', { min: TRANSFER_MINIMUM_MAJOR, currency })}
        data-testid="transfer-amount"
      />
      <div className="wallet-form__actions">
        <Button variant="secondary" onClick={() => onClose(false)} disabled={transfer.busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" busy={transfer.busy} data-testid="transfer-submit">
          {t('transfer.submit')}
        </Button>
      </div>
    </form>
  );
}
