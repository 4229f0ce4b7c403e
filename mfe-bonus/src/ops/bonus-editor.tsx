import { Button, Checkbox, FormField, SelectField, useTranslation, type Currency } from '@wallet/shared';
import {
  CURRENCIES,
  EditorFrame,
  FormGrid,
  FormGroup,
  FormHint,
  FormProblem,
  LANGUAGES,
  LocalizedFields,
  TextArea,
  useEditor,
} from '@wallet/shared/ops';
import { CodeField } from './code-field';
import { BONUS_OPS_KEYS, bonusOpsApi, type BonusDefinition } from './api';
import {
  bonusForm,
  CATEGORIES,
  checkBonus,
  emptyBanner,
  type AmountForm,
  type BannerForm,
  type BonusForm,
} from './forms';

const MAX_BANNERS = 10;

/**
 * The editor of one bonus definition (admin): every field PUT takes, checked as the server checks them. `code`
 * undefined: a new definition, whose code must not be one of `taken` (PUT would replace that definition).
 */
export function BonusEditor({
  code,
  taken,
  onSaved,
  onCancel,
}: {
  code?: string;
  taken: ReadonlySet<string>;
  onSaved: (saved: BonusDefinition) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('bonus-ops');
  const editor = useEditor({
    ns: 'bonus-ops',
    prefix: 'bops',
    recordKey: code,
    readKey: BONUS_OPS_KEYS.bonus,
    // A bonus's promotions name it: the promotion editors read it again too.
    invalidates: [BONUS_OPS_KEYS.lists, BONUS_OPS_KEYS.promotion],
    read: (key) => bonusOpsApi.bonus(key).then(bonusForm),
    blank: bonusForm,
    check: (form: BonusForm, isNew) => checkBonus(form, isNew ? taken : undefined),
    save: (body: BonusDefinition) => bonusOpsApi.saveBonus(body),
    savedText: (body) => t('bonus.saved', { code: body.code }),
    onSaved,
  });
  const { set, problemText, text, flag, localized } = editor;
  const title = code === undefined ? t('bonus.newTitle') : t('bonus.editTitle', { code });

  const fields = (form: BonusForm) => {
    const setAmount = (currency: Currency, patch: Partial<AmountForm>) =>
      set('amounts', { ...form.amounts, [currency]: { ...form.amounts[currency], ...patch } });
    const percentKind = form.rewardKind === 'percent';
    const setBanner = (index: number, next: BannerForm) =>
      set(
        'banners',
        form.banners.map((b, i) => (i === index ? next : b)),
      );
    const removeBanner = (index: number) =>
      set(
        'banners',
        form.banners.filter((_, i) => i !== index),
      );
    return (
      <>
        <FormGroup legend={t('bonus.general')}>
          <FormGrid>
            <CodeField {...text.code} isNew={editor.isNew} hint={t('hint.bonusCode')} />
            <FormField
              label={t('field.sortOrder')}
              {...text.sortOrder}
              inputMode="numeric"
              required
              hint={t('hint.sortOrder')}
            />
          </FormGrid>
          <div className="bops-checks">
            <Checkbox label={t('field.active')} {...flag.active} />
            <Checkbox label={t('field.listed')} {...flag.listed} />
            <Checkbox label={t('field.cancellable')} {...flag.cancellable} />
          </div>
          <FormHint>{t('hint.keepRules')}</FormHint>
        </FormGroup>

        <LocalizedFields legend={t('field.names')} {...localized.names} maxLength={80} />

        <FormGroup legend={t('bonus.receipts')}>
          <FormGrid>
            <SelectField
              label={t('field.type')}
              value={form.type}
              onValueChange={(value) => set('type', value as BonusForm['type'])}
              options={(['limit', 'day', 'week'] as const).map((value) => ({
                value,
                label: t(`type.${value}`),
              }))}
            />
            <FormField
              label={t('field.maxReceived')}
              {...text.maxReceived}
              inputMode="numeric"
              required
              hint={t('hint.maxReceived')}
            />
          </FormGrid>
        </FormGroup>

        <FormGroup legend={t('bonus.reward')}>
          <FormGrid>
            <SelectField
              label={t('field.rewardKind')}
              value={form.rewardKind}
              onValueChange={(value) => set('rewardKind', value as BonusForm['rewardKind'])}
              options={(['percent', 'fixed'] as const).map((value) => ({
                value,
                label: t(`rewardKind.${value}`),
              }))}
            />
            {percentKind && (
              <FormField
                label={t('field.percent')}
                {...text.percent}
                inputMode="numeric"
                required
                hint={t('hint.percent')}
              />
            )}
          </FormGrid>
          <FormProblem text={problemText('amounts')} />
          {CURRENCIES.map((currency) => {
            const amount = form.amounts[currency];
            const at = `amounts.${currency}`;
            return (
              <div key={currency} className="bops-currency">
                <Checkbox
                  label={t('field.offered', { currency: t(`currency.${currency}`) })}
                  checked={amount.offered}
                  onCheckedChange={(offered) => setAmount(currency, { offered })}
                />
                {amount.offered && (
                  <FormGrid>
                    {percentKind ? (
                      <FormField
                        label={t('field.cap', { currency })}
                        value={amount.cap}
                        onValueChange={(value) => setAmount(currency, { cap: value })}
                        inputMode="decimal"
                        required
                        hint={t('hint.cap')}
                        error={problemText(`${at}.cap`)}
                      />
                    ) : (
                      <FormField
                        label={t('field.fixed', { currency })}
                        value={amount.fixed}
                        onValueChange={(value) => setAmount(currency, { fixed: value })}
                        inputMode="decimal"
                        required
                        error={problemText(`${at}.fixed`)}
                      />
                    )}
                    <FormField
                      label={t('field.minDeposit', { currency })}
                      value={amount.minDeposit}
                      onValueChange={(value) => setAmount(currency, { minDeposit: value })}
                      inputMode="decimal"
                      required
                      hint={percentKind ? t('hint.minDepositPercent') : t('hint.minDepositFixed')}
                      error={problemText(`${at}.minDeposit`)}
                    />
                  </FormGrid>
                )}
              </div>
            );
          })}
        </FormGroup>

        <FormGroup legend={t('bonus.turnover')}>
          <FormGrid>
            <FormField
              label={t('field.turnoverMultiple')}
              {...text.turnoverMultiple}
              inputMode="numeric"
              required
              hint={t('hint.turnoverMultiple')}
            />
            <SelectField
              label={t('field.turnoverBase')}
              value={form.turnoverBase}
              onValueChange={(value) => set('turnoverBase', value as BonusForm['turnoverBase'])}
              options={(['bonus', 'bonus_deposit'] as const).map((value) => ({
                value,
                label: t(`turnoverBase.${value}`),
              }))}
            />
            {CATEGORIES.map((category) => (
              <FormField
                key={category}
                label={t('field.contribution', { category: t(`category.${category}`) })}
                value={form.contributions[category]}
                onValueChange={(value) => set('contributions', { ...form.contributions, [category]: value })}
                inputMode="numeric"
                required
                error={problemText(`contributions.${category}`)}
              />
            ))}
            <FormField
              label={t('field.percentFail')}
              {...text.percentFail}
              inputMode="numeric"
              required
              hint={t('hint.percentFail')}
            />
          </FormGrid>
        </FormGroup>

        <FormGroup legend={t('bonus.banners')}>
          <FormProblem text={problemText('banners')} />
          {form.banners.map((banner, index) => {
            const n = index + 1;
            return (
              <FormGroup key={index} legend={t('bonus.banner', { n })} className="bops-banner">
                <FormField
                  label={t('field.image')}
                  value={banner.image}
                  onValueChange={(image) => setBanner(index, { ...banner, image })}
                  required
                  maxLength={300}
                  hint={t('hint.image')}
                  error={problemText(`banners.${index}.image`)}
                />
                {LANGUAGES.map((lang) => (
                  <TextArea
                    key={lang}
                    label={t('field.bannerHtml', { language: t(`language.${lang}`) })}
                    value={banner.html[lang]}
                    lang={lang}
                    maxLength={4000}
                    required
                    onValueChange={(html) =>
                      setBanner(index, { ...banner, html: { ...banner.html, [lang]: html } })
                    }
                    error={problemText(`banners.${index}.html.${lang}`)}
                  />
                ))}
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={form.banners.length <= 1}
                  onClick={() => removeBanner(index)}
                >
                  {t('bonus.removeBanner', { n })}
                </Button>
              </FormGroup>
            );
          })}
          <Button
            variant="secondary"
            size="sm"
            disabled={form.banners.length >= MAX_BANNERS}
            onClick={() => set('banners', [...form.banners, emptyBanner()])}
          >
            {t('bonus.addBanner')}
          </Button>
        </FormGroup>
      </>
    );
  };

  return (
    <EditorFrame editor={editor} title={title} backLabel={t('backToLists')} onCancel={onCancel}>
      {fields}
    </EditorFrame>
  );
}
