import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  FormField,
  SelectField,
  SkeletonList,
  toast,
  useAsyncAction,
  useTranslation,
  type Currency,
} from '@wallet/shared';
import { wheelOpsApi, type WheelDefinition } from './api';
import {
  chances,
  checkWheel,
  CURRENCIES,
  MAX_SLICES,
  MIN_SLICES,
  PRIZE_KINDS,
  sliceForm,
  wheelForm,
  type SliceForm,
  type WheelForm,
} from './forms';
import {
  focusFirstInvalid,
  FormFooter,
  FormGrid,
  FormGroup,
  FormHint,
  FormProblem,
  LocalizedFields,
  useProblemText,
  type Language,
  type Problems,
} from '@wallet/shared/src/ui/ops-form';

const lowerCase = (value: string) => value.toLowerCase();
const upperCase = 'uppercase';
const percent = (value: number) => value.toFixed(2);

/**
 * The editor of one wheel (admin): its names, active, and its 2 to 16 slices clockwise from the pointer, each with
 * its label, colours, description, weight and prize. The chance of each slice and the sum of the weights are
 * shown as the server computes them. `id` undefined: a new wheel, whose id must not be one of `taken`.
 */
export function WheelEditor({
  id,
  taken,
  activeWheel,
  onSaved,
  onCancel,
}: {
  id?: string;
  taken: ReadonlySet<string>;
  /** The id of the wheel active now, if any: saving this one active turns that one off. */
  activeWheel?: string;
  onSaved: (saved: WheelDefinition) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('spin-ops');
  const [form, setForm] = useState<WheelForm | undefined>(id === undefined ? wheelForm() : undefined);
  const [loadError, setLoadError] = useState<string>();
  const [bonusCodes, setBonusCodes] = useState<ReadonlySet<string>>();
  const [problems, setProblems] = useState<Problems>({});
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The link that opened the editor is gone: the focus goes to its heading, where a screen reader starts.
  useEffect(() => headingRef.current?.focus(), []);
  const problemText = useProblemText('spin-ops', problems);
  const languageLabel = (lang: Language) => t(`language.${lang}`);
  const save = useAsyncAction((body: WheelDefinition) => wheelOpsApi.saveWheel(body));

  useEffect(() => {
    let live = true;
    if (id !== undefined)
      wheelOpsApi.wheel(id).then(
        (wheel) => live && setForm(wheelForm(wheel)),
        (error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)),
      );
    // Only for suggestions and an early check: the server checks that a bonus prize's bonus exists.
    wheelOpsApi.bonusCodes().then(
      (codes) => live && setBonusCodes(new Set(codes)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [id]);

  const titleId = 'sops-editor-title';
  const title = id === undefined ? t('editor.newTitle') : t('editor.editTitle', { id });

  if (loadError)
    return (
      <section className="wl-opsf-editor" aria-labelledby={titleId}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <p className="wl-opsf-error" role="alert">
          {loadError}
        </p>
        <Button variant="secondary" onClick={onCancel}>
          {t('backToList')}
        </Button>
      </section>
    );
  if (!form)
    return (
      <section className="wl-opsf-editor" aria-labelledby={titleId}>
        <h2 id={titleId} ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <SkeletonList count={4} label={t('loading')} />
      </section>
    );

  const set = <K extends keyof WheelForm>(key: K, value: WheelForm[K]) =>
    setForm((current) => (current ? { ...current, [key]: value } : current));
  const setSlice = (index: number, patch: Partial<SliceForm>) =>
    set(
      'slices',
      form.slices.map((s, i) => (i === index ? { ...s, ...patch } : s)),
    );
  const move = (index: number, by: -1 | 1) => {
    const slices = [...form.slices];
    const [slice] = slices.splice(index, 1);
    if (!slice) return;
    slices.splice(index + by, 0, slice);
    set('slices', slices);
  };
  const remove = (index: number) =>
    set(
      'slices',
      form.slices.filter((_, i) => i !== index),
    );
  const add = () => set('slices', [...form.slices, sliceForm(undefined, form.slices.length)]);

  const { total, chance } = chances(form.slices);
  const chanceSum = chance.reduce<number>((sum, c) => sum + (c ?? 0), 0);
  const turnsOff = form.active && activeWheel !== undefined && activeWheel !== (id ?? form.id.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWheel(form, id === undefined ? taken : undefined, bonusCodes);
    if (!checked.ok) {
      setProblems(checked.problems);
      focusFirstInvalid(formRef.current);
      return;
    }
    setProblems({});
    const result = await save.run(checked.body);
    if (result.ok) {
      toast.success(t('editor.saved', { id: checked.body.id }));
      onSaved(result.value);
    }
  };

  const problemCount = Object.keys(problems).length;

  return (
    <section className="wl-opsf-editor" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)}>
        <FormGroup legend={t('editor.general')}>
          <FormField
            label={t('field.id')}
            value={form.id}
            onValueChange={(value) => set('id', value)}
            transform={lowerCase}
            readOnly={id !== undefined}
            required
            maxLength={40}
            autoComplete="off"
            hint={id === undefined ? t('hint.id') : t('hint.idFixed')}
            error={problemText('id')}
          />
          <Checkbox
            label={t('field.active')}
            checked={form.active}
            onCheckedChange={(value) => set('active', value)}
          />
          <FormHint role={turnsOff ? 'note' : undefined}>
            {turnsOff ? t('hint.turnsOff', { id: activeWheel }) : t('hint.active')}
          </FormHint>
          <FormHint>{t('hint.pastSpins')}</FormHint>
        </FormGroup>

        <LocalizedFields
          legend={t('field.names')}
          field="names"
          value={form.names}
          onChange={(value) => set('names', value)}
          problemText={problemText}
          languageLabel={languageLabel}
          maxLength={60}
        />

        <FormGroup legend={t('editor.slices')}>
          <FormHint>{t('hint.slices', { min: MIN_SLICES, max: MAX_SLICES })}</FormHint>
          <div className="sops-summary" aria-live="polite" data-testid="sops-weights">
            {total === null ? (
              <span>{t('editor.totalUnknown')}</span>
            ) : (
              <>
                <span>{t('editor.total', { total: total.toLocaleString('en-US') })}</span>
                <span>{t('editor.chanceSum', { sum: percent(chanceSum) })}</span>
              </>
            )}
          </div>
          <FormProblem text={problemText('slices')} />
          <ol className="sops-slices">
            {form.slices.map((slice, index) => {
              const n = index + 1;
              const at = `slices.${index}`;
              const sliceChance = chance[index];
              return (
                <li key={slice.key}>
                  <FormGroup
                    className="sops-slice"
                    legend={
                      <>
                        <span
                          className="sops-swatch"
                          style={{ background: slice.bgColor, color: slice.textColor }}
                          aria-hidden="true"
                        >
                          {slice.label.en || slice.code || n}
                        </span>
                        {t('editor.slice', { n })}
                      </>
                    }
                  >
                    <FormGrid>
                      <FormField
                        label={t('field.code')}
                        value={slice.code}
                        onValueChange={(code) => setSlice(index, { code })}
                        transform={upperCase}
                        required
                        maxLength={20}
                        autoComplete="off"
                        error={problemText(`${at}.code`)}
                      />
                      <FormField
                        label={t('field.weight')}
                        value={slice.weight}
                        onValueChange={(weight) => setSlice(index, { weight })}
                        inputMode="numeric"
                        required
                        hint={
                          sliceChance === null || sliceChance === undefined
                            ? t('hint.weight')
                            : t('editor.chance', { chance: percent(sliceChance) })
                        }
                        error={problemText(`${at}.weight`)}
                      />
                      <FormField
                        type="color"
                        label={t('field.bgColor')}
                        value={slice.bgColor}
                        onValueChange={(bgColor) => setSlice(index, { bgColor })}
                        error={problemText(`${at}.bgColor`)}
                        className="sops-color"
                      />
                      <FormField
                        type="color"
                        label={t('field.textColor')}
                        value={slice.textColor}
                        onValueChange={(textColor) => setSlice(index, { textColor })}
                        error={problemText(`${at}.textColor`)}
                        className="sops-color"
                      />
                    </FormGrid>
                    <LocalizedFields
                      legend={t('field.label')}
                      field={`${at}.label`}
                      value={slice.label}
                      onChange={(label) => setSlice(index, { label })}
                      problemText={problemText}
                      languageLabel={languageLabel}
                      maxLength={20}
                    />
                    <FormGrid>
                      <SelectField
                        label={t('field.prizeKind')}
                        value={slice.prizeKind}
                        onValueChange={(value) =>
                          setSlice(index, { prizeKind: value as SliceForm['prizeKind'] })
                        }
                        options={PRIZE_KINDS.map((kind) => ({ value: kind, label: t(`prizeKind.${kind}`) }))}
                      />
                      {slice.prizeKind === 'money' &&
                        CURRENCIES.map((currency: Currency) => (
                          <FormField
                            key={currency}
                            label={t('field.amount', { currency })}
                            value={slice.amounts[currency]}
                            onValueChange={(value) =>
                              setSlice(index, { amounts: { ...slice.amounts, [currency]: value } })
                            }
                            inputMode="decimal"
                            required
                            error={problemText(`${at}.prize.amounts.${currency}`)}
                          />
                        ))}
                      {slice.prizeKind === 'coins' && (
                        <FormField
                          label={t('field.coins')}
                          value={slice.coins}
                          onValueChange={(coins) => setSlice(index, { coins })}
                          inputMode="numeric"
                          required
                          hint={t('hint.coins')}
                          error={problemText(`${at}.prize.coins`)}
                        />
                      )}
                      {slice.prizeKind === 'bonus' && (
                        <FormField
                          label={t('field.bonusCode')}
                          value={slice.bonusCode}
                          onValueChange={(bonusCode) => setSlice(index, { bonusCode })}
                          transform={upperCase}
                          list="sops-bonus-codes"
                          required
                          autoComplete="off"
                          error={problemText(`${at}.prize.bonusCode`)}
                        />
                      )}
                    </FormGrid>
                    {slice.prizeKind === 'money' && <FormHint>{t('hint.money')}</FormHint>}
                    <LocalizedFields
                      legend={t('field.description')}
                      field={`${at}.htmlDescription`}
                      value={slice.htmlDescription}
                      onChange={(htmlDescription) => setSlice(index, { htmlDescription })}
                      problemText={problemText}
                      languageLabel={languageLabel}
                      multiline
                      maxLength={2000}
                      hint={t('hint.html')}
                    />
                    <div className="sops-slice__tools">
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        {t('editor.moveUp', { n })}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={index === form.slices.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        {t('editor.moveDown', { n })}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={form.slices.length <= MIN_SLICES}
                        onClick={() => remove(index)}
                      >
                        {t('editor.remove', { n })}
                      </Button>
                    </div>
                  </FormGroup>
                </li>
              );
            })}
          </ol>
          <Button variant="secondary" size="sm" disabled={form.slices.length >= MAX_SLICES} onClick={add}>
            {t('editor.add')}
          </Button>
          {bonusCodes && (
            <datalist id="sops-bonus-codes">
              {[...bonusCodes].map((code) => (
                <option key={code} value={code} />
              ))}
            </datalist>
          )}
        </FormGroup>

        <FormFooter
          problemSummary={problemCount > 0 ? t('problem.summary', { count: problemCount }) : undefined}
          refusal={save.error?.message}
          saveLabel={t('save')}
          cancelLabel={t('cancel')}
          busy={save.busy}
          onCancel={onCancel}
          testIdPrefix="sops"
        />
      </form>
    </section>
  );
}
