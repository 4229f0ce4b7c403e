import { useEffect, useState, type FormEvent } from 'react';
import {
  bankName,
  Button,
  DelayedLoader,
  formatAccountNo,
  FormField,
  Modal,
  showAlert,
  toast,
  toastError,
  useAsyncAction,
  useTranslation,
  type ApiError,
} from '@wallet/shared';
import { pageQueryClient, useRead } from '@wallet/shared/query';
import type { BankAccount, GameAccount } from '../common/wallet-api';
import { type WithdrawLimits, type WithdrawResult, withdrawApi } from './api';
import { majorOf, showMoney, type MoneyFormat } from '../common/money';
import { useActionKey } from '../common/use-action-key';
import { announceWalletChange } from '../common/wallet-events';
import { OperationOutcome, useOperationText } from '../common/operation-outcome';
import { checkWithdraw, type WithdrawProblem } from './withdraw-rules';

export interface WithdrawModalProps {
  open: boolean;
  walletAmount: number;
  bankAccount: BankAccount | undefined;
  /** The member's games, to name them in the outcome of the collection that precedes the withdrawal. */
  games: readonly GameAccount[];
  format: MoneyFormat;
  onClose: (moved: boolean) => void;
}

/** Withdraws to the registered bank account within the limits of the withdraw lookup (spec §2, §5). */
export function WithdrawModal(props: WithdrawModalProps) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={props.open}
      onClose={() => props.onClose(false)}
      title={t('withdraw.title')}
      data-testid="withdraw-modal"
    >
      <WithdrawForm {...props} />
    </Modal>
  );
}

function WithdrawForm({ walletAmount, bankAccount, games, format, onClose }: WithdrawModalProps) {
  const { t, i18n } = useTranslation('wallet');
  const [amountText, setAmountText] = useState('');
  const [problem, setProblem] = useState<WithdrawProblem | null>(null);
  const { keyFor, settle } = useActionKey();
  const outcome = useOperationText(format, games);
  // The withdraw lookup's limits; a failed read is a call error (toasted). A refusal naming a limit updates it.
  const limitsKey = ['wallet', 'withdraw-limits'];
  const load = useRead({ key: limitsKey, read: withdrawApi.limits });
  const limits = load.data ?? null;
  useEffect(() => {
    if (load.error) toastError(load.error);
  }, [load.error]);
  const setLimits = (update: (current: WithdrawLimits | undefined) => WithdrawLimits | undefined) =>
    pageQueryClient().setQueryData<WithdrawLimits>(limitsKey, update);
  const currency = t(`common:currency.${format.currency}`);
  const describe = (p: WithdrawProblem) => t(p.key, { limit: majorOf(p.limit, format), currency });

  /**
   * The server's limits are the rule (the operator may have changed them since the lookup): a refusal that names
   * the limit and its amount (WITHDRAW_MINIMUM `minimum`, WITHDRAW_MAXIMUM `maximum`) is said as the modal's own
   * check says it, at the field and in the dialog, and the limits shown take the server's amount.
   */
  const refusedLimit = (error: ApiError): WithdrawProblem | undefined => {
    if (error.code === 'WITHDRAW_MINIMUM' && error.minimum !== undefined)
      return { key: 'withdraw.errors.minAmount', limit: error.minimum };
    if (error.code === 'WITHDRAW_MAXIMUM' && error.maximum !== undefined)
      return { key: 'withdraw.errors.maxAmount', limit: error.maximum };
    return undefined;
  };
  const withdraw = useAsyncAction(withdrawApi.withdrawAll, {
    onError: (error) => {
      const limit = refusedLimit(error);
      if (limit) {
        setProblem(limit);
        setLimits(
          (current) =>
            current && {
              ...current,
              ...(limit.key === 'withdraw.errors.minAmount'
                ? { withdrawMin: limit.limit }
                : { withdrawMax: limit.limit }),
            },
        );
      }
      void showAlert({ kind: 'error', message: limit ? describe(limit) : error.message });
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!limits) return;
    const check = checkWithdraw(amountText, limits, format);
    if (!check.ok) {
      setProblem(check.problem);
      toast.error(describe(check.problem));
      return;
    }
    setProblem(null);
    const result = await withdraw.run(check.amount, keyFor(`withdraw:${check.amount}`));
    settle(result.ok ? undefined : (result.error ?? undefined));
    if (!result.ok) return;
    // Every answer that is not an error moved money (into the wallet, out to the bank) or is moving it.
    announceWalletChange('withdraw');
    onClose(true);
    void showAlert(resultAlert(result.value));
  };

  /**
   * SUCCESS: the withdrawal is made (the bank pays later); PENDING: a game has not answered, the withdrawal
   * follows; PARTIAL: a game kept its money: what was collected, and whether the withdrawal was made.
   */
  const resultAlert = (answer: WithdrawResult): Parameters<typeof showAlert>[0] => {
    if (answer.status === 'PENDING')
      return { kind: 'info', title: t('withdraw.pendingTitle'), message: t('withdraw.pending') };
    if (answer.status === 'SUCCESS') return { kind: 'success', message: t('withdraw.done') };
    const made = answer.withdrawal !== null;
    const amount = { amount: outcome.money(answer.withdrawal?.amount ?? answer.amount), currency };
    const lines = [
      ...outcome.legLines(answer.operation),
      made ? t('withdraw.madeAnyway', amount) : t('withdraw.notMade', amount),
    ];
    return {
      kind: 'warning',
      title: made ? t('withdraw.partialMadeTitle') : t('withdraw.partialTitle'),
      message: <OperationOutcome lines={lines} testId="withdraw-outcome" />,
    };
  };

  const bankLabel = bankAccount ? bankName(bankAccount.bank, i18n.resolvedLanguage ?? i18n.language) : '';

  return (
    <form className="wallet-form" onSubmit={submit} noValidate>
      <DelayedLoader active={load.loading} variant="inline" />
      <dl className="wallet-facts">
        <div>
          <dt>{t('withdraw.available')}</dt>
          <dd data-testid="withdraw-available">
            {showMoney(walletAmount, format)} {currency}
          </dd>
        </div>
        {bankAccount && (
          <div>
            <dt>{t('withdraw.toAccount')}</dt>
            <dd data-testid="withdraw-bank">
              <span>{bankLabel}</span>{' '}
              <span className="wallet-nowrap">{formatAccountNo(bankAccount.bankAccountNo)}</span>{' '}
              <span>{bankAccount.bankAccountName}</span>
            </dd>
          </div>
        )}
        {limits && (
          <div>
            <dt>{t('withdraw.limits')}</dt>
            <dd data-testid="withdraw-limits">
              {t('withdraw.limitsValue', {
                min: majorOf(limits.withdrawMin, format),
                max: majorOf(limits.withdrawMax, format),
                currency,
              })}
            </dd>
          </div>
        )}
      </dl>
      <FormField
        label={t('withdraw.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        onValueChange={setAmountText}
        error={problem ? describe(problem) : undefined}
        hint={t('withdraw.collectHint')}
        data-testid="withdraw-amount"
      />
      <div className="wallet-form__actions">
        <Button variant="secondary" onClick={() => onClose(false)} disabled={withdraw.busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" busy={withdraw.busy} disabled={!limits} data-testid="withdraw-submit">
          {t('withdraw.submit')}
        </Button>
      </div>
    </form>
  );
}
