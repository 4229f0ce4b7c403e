import { Button, FormField, SelectField, useTranslation, type Currency } from '@wallet/shared';
import {
  CURRENCIES,
  FormGrid,
  FormGroup,
  FormHint,
  LocalizedFields,
  type Language,
} from '@wallet/shared/ops';
import { MIN_SLICES, PRIZE_KINDS, type SliceForm } from './forms';

const upperCase = 'uppercase';
export const percent = (value: number) => value.toFixed(2);

/**
 * The fields of one slice of the wheel editor: code, weight (with the chance it gives), colours, label, prize and
 * description, and the tools that move it up or down or remove it.
 */
export function SliceFields({
  slice,
  index,
  count,
  chance: sliceChance,
  problemText,
  onChange,
  onMove,
  onRemove,
}: {
  slice: SliceForm;
  index: number;
  /** How many slices the wheel has. */
  count: number;
  /** The slice's chance in percent, as the server computes it; null or undefined while a weight is not valid. */
  chance: number | null | undefined;
  problemText: (field: string) => string | undefined;
  onChange: (patch: Partial<SliceForm>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('spin-ops');
  const languageLabel = (lang: Language) => t(`language.${lang}`);
  const n = index + 1;
  const at = `slices.${index}`;
  return (
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
          onValueChange={(code) => onChange({ code })}
          transform={upperCase}
          required
          maxLength={20}
          autoComplete="off"
          error={problemText(`${at}.code`)}
        />
        <FormField
          label={t('field.weight')}
          value={slice.weight}
          onValueChange={(weight) => onChange({ weight })}
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
          onValueChange={(bgColor) => onChange({ bgColor })}
          error={problemText(`${at}.bgColor`)}
          className="sops-color"
        />
        <FormField
          type="color"
          label={t('field.textColor')}
          value={slice.textColor}
          onValueChange={(textColor) => onChange({ textColor })}
          error={problemText(`${at}.textColor`)}
          className="sops-color"
        />
      </FormGrid>
      <LocalizedFields
        legend={t('field.label')}
        field={`${at}.label`}
        value={slice.label}
        onChange={(label) => onChange({ label })}
        problemText={problemText}
        languageLabel={languageLabel}
        maxLength={20}
      />
      <FormGrid>
        <SelectField
          label={t('field.prizeKind')}
          value={slice.prizeKind}
          onValueChange={(value) => onChange({ prizeKind: value as SliceForm['prizeKind'] })}
          options={PRIZE_KINDS.map((kind) => ({ value: kind, label: t(`prizeKind.${kind}`) }))}
        />
        {slice.prizeKind === 'money' &&
          CURRENCIES.map((currency: Currency) => (
            <FormField
              key={currency}
              label={t('field.amount', { currency })}
              value={slice.amounts[currency]}
              onValueChange={(value) => onChange({ amounts: { ...slice.amounts, [currency]: value } })}
              inputMode="decimal"
              required
              error={problemText(`${at}.prize.amounts.${currency}`)}
            />
          ))}
        {slice.prizeKind === 'coins' && (
          <FormField
            label={t('field.coins')}
            value={slice.coins}
            onValueChange={(coins) => onChange({ coins })}
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
            onValueChange={(bonusCode) => onChange({ bonusCode })}
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
        onChange={(htmlDescription) => onChange({ htmlDescription })}
        problemText={problemText}
        languageLabel={languageLabel}
        multiline
        maxLength={2000}
        hint={t('hint.html')}
      />
      <div className="sops-slice__tools">
        <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => onMove(-1)}>
          {t('editor.moveUp', { n })}
        </Button>
        <Button variant="ghost" size="sm" disabled={index === count - 1} onClick={() => onMove(1)}>
          {t('editor.moveDown', { n })}
        </Button>
        <Button variant="ghost" size="sm" disabled={count <= MIN_SLICES} onClick={onRemove}>
          {t('editor.remove', { n })}
        </Button>
      </div>
    </FormGroup>
  );
}
