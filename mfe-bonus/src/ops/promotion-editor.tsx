import { useMemo } from 'react';
import { Checkbox, FormField, SelectField, useTranslation } from '@wallet/shared';
import {
  EditorFrame,
  FormGrid,
  FormGroup,
  FormHint,
  LocalizedFields,
  useEditor,
  type Language,
} from '@wallet/shared/ops';
import { CodeField } from './code-field';
import { BONUS_OPS_KEYS, bonusOpsApi, type BonusListItem, type PromotionDefinition } from './api';
import { checkPromotion, promotionForm, type PromotionForm } from './forms';

/**
 * The editor of one promotion (admin): the bonus it grants (one of the definitions), its descriptions, the limit
 * of receipts by all members, active, and its period in Bangkok time. `code` undefined: a new promotion.
 */
export function PromotionEditor({
  code,
  bonuses,
  taken,
  onSaved,
  onCancel,
}: {
  code?: string;
  bonuses: readonly BonusListItem[];
  taken: ReadonlySet<string>;
  onSaved: (saved: PromotionDefinition) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('bonus-ops');
  const lang = (i18n.resolvedLanguage ?? 'th') as Language;
  const bonusCodes = useMemo(() => new Set(bonuses.map((b) => b.code)), [bonuses]);
  const editor = useEditor({
    ns: 'bonus-ops',
    prefix: 'bops',
    recordKey: code,
    readKey: BONUS_OPS_KEYS.promotion,
    invalidates: [BONUS_OPS_KEYS.lists],
    read: (key) => bonusOpsApi.promotion(key).then(promotionForm),
    blank: promotionForm,
    check: (form: PromotionForm, isNew) => checkPromotion(form, bonusCodes, isNew ? taken : undefined),
    save: (body: PromotionDefinition) => bonusOpsApi.savePromotion(body),
    savedText: (body) => t('promotion.saved', { code: body.code }),
    onSaved,
  });
  const { set, problemText, text, flag, localized } = editor;
  const title = code === undefined ? t('promotion.newTitle') : t('promotion.editTitle', { code });

  const fields = (form: PromotionForm) => {
    // A stored promotion may name a bonus no longer in the list: keep it choosable so it is not lost silently.
    const options = bonuses.map((b) => ({ value: b.code, label: `${b.code} · ${b.names[lang]}` }));
    if (form.bonusCode && !bonusCodes.has(form.bonusCode))
      options.unshift({ value: form.bonusCode, label: form.bonusCode });
    return (
      <>
        <FormGroup legend={t('promotion.general')}>
          <FormGrid>
            <CodeField {...text.code} isNew={editor.isNew} hint={t('hint.promotionCode')} />
            <SelectField
              label={t('field.bonusCode')}
              value={form.bonusCode}
              placeholder={t('promotion.chooseBonus')}
              required
              onValueChange={(value) => set('bonusCode', value)}
              options={options}
              error={problemText('bonusCode')}
            />
            <FormField
              label={t('field.maxTotal')}
              {...text.maxTotal}
              inputMode="numeric"
              hint={t('hint.maxTotal')}
            />
          </FormGrid>
          <Checkbox label={t('field.active')} {...flag.active} />
        </FormGroup>

        <FormGroup legend={t('promotion.period')}>
          <FormHint>{t('hint.bangkokTime')}</FormHint>
          <FormGrid>
            <FormField
              type="datetime-local"
              label={t('field.startsAt')}
              {...text.startsAt}
              hint={t('hint.noStart')}
            />
            <FormField
              type="datetime-local"
              label={t('field.endsAt')}
              {...text.endsAt}
              hint={t('hint.noEnd')}
            />
          </FormGrid>
        </FormGroup>

        <LocalizedFields
          legend={t('field.descriptions')}
          {...localized.descriptions}
          multiline
          maxLength={4000}
          hint={t('hint.html')}
        />
      </>
    );
  };

  return (
    <EditorFrame
      editor={editor}
      title={title}
      skeletonRows={3}
      backLabel={t('backToLists')}
      onCancel={onCancel}
    >
      {fields}
    </EditorFrame>
  );
}
