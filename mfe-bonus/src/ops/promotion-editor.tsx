import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Checkbox,
  FormField,
  SelectField,
  SkeletonList,
  toast,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { bonusOpsApi, type BonusListItem, type PromotionDefinition } from './api';
import { checkPromotion, promotionForm, type PromotionForm } from './forms';
import {
  focusFirstInvalid,
  FormFooter,
  FormGrid,
  FormGroup,
  FormHint,
  LocalizedFields,
  useProblemText,
  type Language,
  type Problems,
} from '@wallet/shared/src/ui/ops-form';
import { LoadFailed } from './load-failed';

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
  const [form, setForm] = useState<PromotionForm | undefined>(
    code === undefined ? promotionForm() : undefined,
  );
  const [loadError, setLoadError] = useState<string>();
  const [problems, setProblems] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The link that opened the editor is gone: the focus goes to its heading, where a screen reader starts.
  useEffect(() => headingRef.current?.focus(), []);
  const problemText = useProblemText('bonus-ops', problems);
  const languageLabel = (lang: Language) => t(`language.${lang}`);
  const save = useAsyncAction((body: PromotionDefinition) => bonusOpsApi.savePromotion(body));
  const bonusCodes = useMemo(() => new Set(bonuses.map((b) => b.code)), [bonuses]);

  useEffect(() => {
    if (code === undefined) return undefined;
    let live = true;
    bonusOpsApi.promotion(code).then(
      (promotion) => live && setForm(promotionForm(promotion)),
      (error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [code]);

  const titleId = 'bops-editor-title';
  const title = code === undefined ? t('promotion.newTitle') : t('promotion.editTitle', { code });

  if (loadError) return <LoadFailed title={title} message={loadError} onBack={onCancel} />;
  if (!form)
    return (
      <section className="wl-opsf-editor" aria-labelledby={titleId}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <SkeletonList count={3} label={t('loading')} />
      </section>
    );

  const set = <K extends keyof PromotionForm>(key: K, value: PromotionForm[K]) =>
    setForm((current) => (current ? { ...current, [key]: value } : current));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkPromotion(form, bonusCodes, code === undefined ? taken : undefined);
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirstInvalid(formRef.current);
      return;
    }
    setProblems({});
    const result = await save.run(checked.body);
    if (result.ok) {
      toast.success(t('promotion.saved', { code: checked.body.code }));
      onSaved(result.value);
    }
  };

  const problemCount = Object.keys(problems).length;
  // A stored promotion may name a bonus no longer in the list: keep it choosable so it is not lost silently.
  const options = bonuses.map((b) => ({ value: b.code, label: `${b.code} · ${b.names[lang]}` }));
  if (form.bonusCode && !bonusCodes.has(form.bonusCode))
    options.unshift({ value: form.bonusCode, label: form.bonusCode });

  return (
    <section className="wl-opsf-editor" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <FormGroup legend={t('promotion.general')}>
          <FormGrid>
            <FormField
              label={t('field.code')}
              value={form.code}
              onValueChange={(value) => set('code', value)}
              transform="uppercase"
              readOnly={code !== undefined}
              required
              maxLength={40}
              autoComplete="off"
              hint={code === undefined ? t('hint.promotionCode') : t('hint.codeFixed')}
              error={problemText('code')}
            />
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
              value={form.maxTotal}
              onValueChange={(value) => set('maxTotal', value)}
              inputMode="numeric"
              hint={t('hint.maxTotal')}
              error={problemText('maxTotal')}
            />
          </FormGrid>
          <Checkbox
            label={t('field.active')}
            checked={form.active}
            onCheckedChange={(value) => set('active', value)}
          />
        </FormGroup>

        <FormGroup legend={t('promotion.period')}>
          <FormHint>{t('hint.bangkokTime')}</FormHint>
          <FormGrid>
            <FormField
              type="datetime-local"
              label={t('field.startsAt')}
              value={form.startsAt}
              onValueChange={(value) => set('startsAt', value)}
              hint={t('hint.noStart')}
              error={problemText('startsAt')}
            />
            <FormField
              type="datetime-local"
              label={t('field.endsAt')}
              value={form.endsAt}
              onValueChange={(value) => set('endsAt', value)}
              hint={t('hint.noEnd')}
              error={problemText('endsAt')}
            />
          </FormGrid>
        </FormGroup>

        <LocalizedFields
          legend={t('field.descriptions')}
          field="descriptions"
          value={form.descriptions}
          onChange={(value) => set('descriptions', value)}
          problemText={problemText}
          languageLabel={languageLabel}
          multiline
          maxLength={4000}
          hint={t('hint.html')}
        />

        <FormFooter
          problemSummary={problemCount > 0 ? t('problem.summary', { count: problemCount }) : undefined}
          refusal={save.error?.message}
          saveLabel={t('save')}
          cancelLabel={t('cancel')}
          busy={save.busy}
          onCancel={onCancel}
          testIdPrefix="bops"
        />
      </form>
    </section>
  );
}
