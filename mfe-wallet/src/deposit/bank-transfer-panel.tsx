import { useEffect, useRef, useState } from 'react';
import { bankName, buildConfig, copyText, formatAccountNo, useTranslation } from '@wallet/shared';
import type { DepositBank } from './api';
import type { BankAccount } from '../common/wallet-api';
import type { TabPanelProps } from './tab-list';
import { EditBankNameModal } from './bank-name/edit-bank-name-modal';
import { needsEnglishBankName } from './bank-name/bank-name-rules';
import { depositsByQr } from './qr-rules';

/** Spec §9: after the bank account name is fixed, the copy is carried out 1 s later. */
export const COPY_AFTER_EDIT_MS = 1000;

export interface BankTransferPanelProps {
  banks: readonly DepositBank[];
  /** The member's own registered account (for the English-name check of KTB, TMB and BBL). */
  memberAccount: BankAccount | undefined;
  /** Absent when no QR channel exists for the member's currency: payment banks then show no QR button. */
  onUseQr?: () => void;
  /** Its place in the deposit tab list (role, label, hidden when another tab is current). */
  panel: TabPanelProps;
}

/**
 * The site's accounts to transfer to, each with a copy button. A member whose KTB/TMB/BBL account name is not in
 * English is first asked to fix it (spec §5): the incoming transfer is matched on that name.
 */
export function BankTransferPanel({ banks, memberAccount, onUseQr, panel }: BankTransferPanelProps) {
  const { t, i18n } = useTranslation('wallet');
  const [editFor, setEditFor] = useState<string | null>(null);
  const [accountName, setAccountName] = useState(memberAccount?.bankAccountName ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const memberBank = memberAccount?.bank.code;

  const copy = (accountNo: string) => {
    if (needsEnglishBankName(memberBank, accountName)) setEditFor(accountNo);
    else void copyText(accountNo);
  };

  return (
    <div className="wallet-deposit__panel wallet-deposit-banks" {...panel} data-testid="deposit-bank-panel">
      <ul className="wallet-notes">
        <li>{t('deposit.notes.topUpMinute')}</li>
        <li>{t('deposit.notes.slipHour')}</li>
        <li>{t('deposit.notes.dailyWindow')}</li>
      </ul>
      {!buildConfig.laos && (
        <p className="wallet-hint" data-testid="deposit-bank-hint">
          {t('deposit.bankHint')}
        </p>
      )}
      {banks.length === 0 && <p className="wallet-empty">{t('deposit.noBanks')}</p>}
      <ul className="wallet-deposit-banks__list">
        {banks.map((bank, index) => {
          const name = bankName(bank.bank, i18n.resolvedLanguage ?? i18n.language);
          return (
            <li
              key={`${bank.bankCode}-${bank.bankAccountNo}`}
              className="wallet-card wallet-bank"
              data-testid={`deposit-bank-${index}`}
            >
              <p className="wallet-bank__name">{name}</p>
              {depositsByQr(bank) && onUseQr ? (
                <button
                  type="button"
                  className="wl-btn wl-btn--secondary wl-btn--sm"
                  onClick={onUseQr}
                  data-testid={`deposit-bank-qr-${index}`}
                >
                  {t('deposit.useQr')}
                </button>
              ) : (
                <>
                  <p className="wallet-bank__holder">{bank.bankAccountName}</p>
                  {buildConfig.laos && (
                    // The Laos build has kip and baht members: each sees the accounts of their own currency, named.
                    <p className="wallet-bank__currency" data-testid={`deposit-bank-currency-${index}`}>
                      {t('deposit.accountCurrency', { currency: t(`common:currency.${bank.currency}`) })}
                    </p>
                  )}
                  <p className="wallet-bank__number">
                    <span data-testid={`deposit-bank-number-${index}`}>
                      {formatAccountNo(bank.bankAccountNo)}
                    </span>
                    <button
                      type="button"
                      className="wl-copy"
                      aria-label={t('deposit.copyAccount', { number: bank.bankAccountNo })}
                      onClick={() => copy(bank.bankAccountNo)}
                      data-testid={`deposit-bank-copy-${index}`}
                    >
                      <span className="wl-copy__icon" aria-hidden="true" />
                    </button>
                  </p>
                </>
              )}
            </li>
          );
        })}
      </ul>
      {memberAccount && (
        <EditBankNameModal
          open={editFor !== null}
          bankCode={memberAccount.bank.code}
          currentName={accountName}
          onClose={(savedName) => {
            const accountNo = editFor;
            setEditFor(null);
            if (savedName === null || accountNo === null) return;
            setAccountName(savedName);
            timer.current = setTimeout(() => void copyText(accountNo), COPY_AFTER_EDIT_MS);
          }}
        />
      )}
    </div>
  );
}
