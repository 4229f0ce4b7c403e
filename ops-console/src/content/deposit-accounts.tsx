import { useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  DelayedLoader,
  FormField,
  normalizeAccountNo,
  SelectField,
  useTranslation,
  type Currency,
} from '@wallet/shared';
import {
  focusFirstInvalid,
  FormGrid,
  FormGroup,
  FormHint,
  LoadFailed,
  useConsoleRead,
} from '@wallet/shared/ops';
import { OPS_KEYS, opsApi, type Bank } from '../api';
import { errorText } from '../errors';
import { EditActions } from './edit-actions';
import { useContentForm, type ContentFormProps } from './use-content-form';

/** Bank types and modes the member's deposit window knows (the server refuses others). */
const BANK_TYPES = ['BANK', 'PAYMENT'] as const;
const BANK_MODES = ['AUTO', 'manual', 'SMS'] as const;
const WALLET_MODES = ['AUTO', 'manual'] as const;

/** A receiving bank account as `deposit` stores it. */
export interface DepositAccount {
  bankType: string;
  bankCode: string;
  mode: string;
  bank: { nameTH: string; nameEN: string; nameLA?: string };
  bankAccountName: string;
  bankAccountNo: string;
  currency: string;
}

/** The stored `deposit` content: where members pay in (the lookup adds the QR channels). */
export interface DepositContent {
  banks: DepositAccount[];
  wallets: { mode: string; walletAccountName: string }[];
  isManual: boolean;
}

const isCurrency = (v: string): v is Currency => v === 'THB' || v === 'LAK';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const strings = (v: unknown, keys: readonly string[]): boolean =>
  isRecord(v) && keys.every((k) => typeof v[k] === 'string');

/** The stored value when it is of the shape (else the screen's JSON editor shows it as it is). */
export function asDepositContent(value: unknown): DepositContent | undefined {
  if (!isRecord(value) || typeof value.isManual !== 'boolean') return undefined;
  const { banks, wallets } = value;
  if (!Array.isArray(banks) || !Array.isArray(wallets)) return undefined;
  const accountKeys = ['bankType', 'bankCode', 'mode', 'bankAccountName', 'bankAccountNo', 'currency'];
  if (!banks.every((b) => strings(b, accountKeys) && strings(b.bank, ['nameTH', 'nameEN']))) return undefined;
  if (!wallets.every((w) => strings(w, ['mode', 'walletAccountName']))) return undefined;
  return value as unknown as DepositContent;
}

/** A row being edited, with a key of its own for React (rows are added and removed). */
type Row<T> = T & { row: number };
interface Draft {
  banks: Row<DepositAccount>[];
  wallets: Row<DepositContent['wallets'][number]>[];
  isManual: boolean;
}

/** A problem at a field (`banks.0.bankAccountNo`): a key of `content.deposit.problem.*` and its values. */
type Problems = Record<string, { key: string; values?: Record<string, number | string> }>;

/** The value to store: each account's bank names taken from the bank list, texts trimmed. */
function toValue(draft: Draft, banks: readonly Bank[]): DepositContent {
  return {
    banks: draft.banks.map(({ row: _row, ...account }) => {
      const bank = banks.find((b) => b.code === account.bankCode);
      return {
        ...account,
        bank: bank ? { nameTH: bank.nameTH, nameEN: bank.nameEN, nameLA: bank.nameLA } : account.bank,
        bankAccountName: account.bankAccountName.trim(),
      };
    }),
    wallets: draft.wallets.map(({ row: _row, ...wallet }) => ({
      ...wallet,
      walletAccountName: wallet.walletAccountName.trim(),
    })),
    isManual: draft.isManual,
  };
}

/** What the server would refuse, checked the same way (docs/operators.md "Content"). */
function check(value: DepositContent, banks: readonly Bank[]): Problems {
  const problems: Problems = {};
  value.banks.forEach((account, i) => {
    const at = `banks.${i}`;
    const bank = banks.find((b) => b.code === account.bankCode);
    if (!bank) problems[`${at}.bankCode`] = { key: 'bank' };
    if (account.bankAccountNo === '') problems[`${at}.bankAccountNo`] = { key: 'required' };
    else if (!/^[0-9]+$/.test(account.bankAccountNo)) problems[`${at}.bankAccountNo`] = { key: 'digits' };
    else if (bank) {
      const { min, max } = bank.accountNoLength;
      const length = account.bankAccountNo.length;
      if (length < min || length > max)
        problems[`${at}.bankAccountNo`] =
          min === max
            ? { key: 'length', values: { count: min } }
            : { key: 'lengthRange', values: { min, max } };
    }
    if (account.bankAccountName === '') problems[`${at}.bankAccountName`] = { key: 'required' };
  });
  value.wallets.forEach((wallet, i) => {
    if (wallet.walletAccountName === '') problems[`wallets.${i}.walletAccountName`] = { key: 'required' };
  });
  return problems;
}

/**
 * The deposit accounts as a form: each receiving bank account (bank from the list, number, holder's name, type,
 * mode) and, on a baht site, the wallets gift links pay into. A wrong account number sends members' money
 * elsewhere, so the number is digits of the bank's own length, checked as the server checks before anything is
 * sent; a refusal of the server is shown at its field. New accounts are in the site's currency: that of the
 * accounts stored, else of the bank list's first bank (the list puts the site's country first).
 */
export function DepositAccountsForm({ stored, onSaved, onDirty }: ContentFormProps<DepositContent>) {
  const { t, i18n } = useTranslation('ops');
  const bankList = useConsoleRead(OPS_KEYS.banks, () => opsApi.banks(), { errorText });
  const banks = bankList.data;
  // Stored rows are numbered in order; rows added later take the numbers after them.
  const [initial] = useState<Draft>(() => ({
    banks: stored.banks.map((account, row) => ({ ...account, row })),
    wallets: stored.wallets.map((wallet, i) => ({ ...wallet, row: stored.banks.length + i })),
    isManual: stored.isManual,
  }));
  const nextRow = useRef(stored.banks.length + stored.wallets.length);
  // Compared as the value it stores (bank names from the list, texts trimmed; not the rows' own numbers).
  const edit = useContentForm<Draft, string>({
    key: 'deposit',
    initial,
    snapshot: (d) => JSON.stringify(toValue(d, banks ?? [])),
    onDirty,
    onSaved,
  });
  const { draft, change, refused } = edit;
  const form = useRef<HTMLFormElement>(null);

  if (bankList.error)
    return (
      <LoadFailed message={bankList.error} actionLabel={t('retry')} onAction={() => void bankList.retry()} />
    );
  if (!banks) return <DelayedLoader active variant="inline" label={t('loading')} />;

  const storedCurrency = stored.banks.map((b) => b.currency).find(isCurrency);
  const currency: Currency = storedCurrency ?? (banks[0]?.country === 'LA' ? 'LAK' : 'THB');

  const value = toValue(draft, banks);
  const problems = check(value, banks);
  if (refused?.field) problems[refused.field] ??= { key: 'refused', values: { detail: refused.detail } };
  const problem = (field: string) => {
    const p = edit.tried || refused ? problems[field] : undefined;
    return p && t(`content.deposit.problem.${p.key}`, p.values ?? {});
  };

  const changeAccount = (row: number, patch: Partial<DepositAccount>) =>
    change({ ...draft, banks: draft.banks.map((a) => (a.row === row ? { ...a, ...patch } : a)) });
  const changeWallet = (row: number, walletAccountName: string, mode?: string) =>
    change({
      ...draft,
      wallets: draft.wallets.map((w) =>
        w.row === row ? { ...w, walletAccountName, mode: mode ?? w.mode } : w,
      ),
    });

  const bankName = (bank: Bank) =>
    i18n.resolvedLanguage === 'la' ? bank.nameLA : i18n.resolvedLanguage === 'en' ? bank.nameEN : bank.nameTH;
  // The list's banks of the site's country, and an account's own bank when it is no longer listed.
  const home = currency === 'LAK' ? 'LA' : 'TH';
  const bankOptions = (own: string) => [
    ...banks.filter((b) => b.country === home).map((b) => ({ value: b.code, label: bankName(b) })),
    ...(own && !banks.some((b) => b.code === own && b.country === home) ? [{ value: own, label: own }] : []),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    edit.tryToSave();
    if (Object.keys(check(value, banks)).length > 0) {
      focusFirstInvalid(form.current);
      return;
    }
    // `/banks/0/bankAccountNo` → `banks.0.bankAccountNo`, shown at its field when the form has one.
    const fieldOf = (path: string) => {
      const field = path.slice(1).replaceAll('/', '.');
      return form.current?.querySelector(`[name="${field}"]`) ? field : undefined;
    };
    if (!(await edit.save(value, fieldOf))) focusFirstInvalid(form.current);
  };

  const account = (a: Row<DepositAccount>, i: number) => {
    const at = `banks.${i}`;
    const bank = banks.find((b) => b.code === a.bankCode);
    return (
      <FormGroup key={a.row} legend={t('content.deposit.account', { n: i + 1 })} className="ops-deposit-row">
        <FormGrid>
          <SelectField
            name={`${at}.bankCode`}
            label={t('content.deposit.bank')}
            value={a.bankCode}
            placeholder={t('content.deposit.chooseBank')}
            options={bankOptions(a.bankCode)}
            error={problem(`${at}.bankCode`)}
            onValueChange={(bankCode) => changeAccount(a.row, { bankCode })}
          />
          <FormField
            name={`${at}.bankAccountNo`}
            label={t('content.deposit.accountNo')}
            value={a.bankAccountNo}
            inputMode="numeric"
            autoComplete="off"
            transform={normalizeAccountNo}
            hint={
              bank &&
              (bank.accountNoLength.min === bank.accountNoLength.max
                ? t('content.deposit.problem.length', { count: bank.accountNoLength.min })
                : t('content.deposit.problem.lengthRange', bank.accountNoLength))
            }
            error={problem(`${at}.bankAccountNo`)}
            onValueChange={(bankAccountNo) => changeAccount(a.row, { bankAccountNo })}
          />
          <FormField
            name={`${at}.bankAccountName`}
            label={t('content.deposit.accountName')}
            value={a.bankAccountName}
            autoComplete="off"
            error={problem(`${at}.bankAccountName`)}
            onValueChange={(bankAccountName) => changeAccount(a.row, { bankAccountName })}
          />
          <SelectField
            name={`${at}.bankType`}
            label={t('content.deposit.type')}
            value={a.bankType}
            options={BANK_TYPES.map((v) => ({ value: v, label: t(`content.deposit.types.${v}`) }))}
            error={problem(`${at}.bankType`)}
            onValueChange={(bankType) => changeAccount(a.row, { bankType })}
          />
          <SelectField
            name={`${at}.mode`}
            label={t('content.deposit.mode')}
            value={a.mode}
            options={BANK_MODES.map((v) => ({ value: v, label: t(`content.deposit.modes.${v}`) }))}
            error={problem(`${at}.mode`)}
            onValueChange={(mode) => changeAccount(a.row, { mode })}
          />
        </FormGrid>
        <Button
          variant="secondary"
          onClick={() => change({ ...draft, banks: draft.banks.filter((x) => x.row !== a.row) })}
        >
          {t('content.deposit.removeAccount', { n: i + 1 })}
        </Button>
      </FormGroup>
    );
  };

  return (
    <form ref={form} className="ops-deposit" noValidate onSubmit={(event) => void submit(event)}>
      {draft.banks.length === 0 && <FormHint>{t('content.deposit.noAccounts')}</FormHint>}
      {draft.banks.map(account)}
      <Button
        variant="secondary"
        onClick={() =>
          change({
            ...draft,
            banks: [
              ...draft.banks,
              {
                row: nextRow.current++,
                bankType: 'BANK',
                bankCode: '',
                mode: 'AUTO',
                bank: { nameTH: '', nameEN: '' },
                bankAccountName: '',
                bankAccountNo: '',
                currency,
              },
            ],
          })
        }
      >
        {t('content.deposit.addAccount')}
      </Button>
      {currency === 'THB' && (
        <FormGroup legend={t('content.deposit.wallets')}>
          <FormHint>{t('content.deposit.walletsHint')}</FormHint>
          {draft.wallets.map((w, i) => (
            <FormGrid key={w.row}>
              <FormField
                name={`wallets.${i}.walletAccountName`}
                label={t('content.deposit.walletName', { n: i + 1 })}
                value={w.walletAccountName}
                autoComplete="off"
                error={problem(`wallets.${i}.walletAccountName`)}
                onValueChange={(name) => changeWallet(w.row, name)}
              />
              <SelectField
                name={`wallets.${i}.mode`}
                label={t('content.deposit.mode')}
                value={w.mode}
                options={WALLET_MODES.map((v) => ({ value: v, label: t(`content.deposit.modes.${v}`) }))}
                onValueChange={(mode) => changeWallet(w.row, w.walletAccountName, mode)}
              />
              <Button
                variant="secondary"
                onClick={() => change({ ...draft, wallets: draft.wallets.filter((x) => x.row !== w.row) })}
              >
                {t('content.deposit.removeWallet', { n: i + 1 })}
              </Button>
            </FormGrid>
          ))}
          <Button
            variant="secondary"
            onClick={() =>
              change({
                ...draft,
                wallets: [...draft.wallets, { row: nextRow.current++, mode: 'AUTO', walletAccountName: '' }],
              })
            }
          >
            {t('content.deposit.addWallet')}
          </Button>
        </FormGroup>
      )}
      <Checkbox
        label={t('content.deposit.isManual')}
        checked={draft.isManual}
        onCheckedChange={(isManual) => change({ ...draft, isManual })}
      />
      <EditActions
        dirty={edit.dirty}
        saving={edit.saving}
        refusal={
          refused && !refused.field
            ? t('content.deposit.problem.refused', { detail: refused.detail })
            : undefined
        }
        onDiscard={edit.discard}
      />
    </form>
  );
}
