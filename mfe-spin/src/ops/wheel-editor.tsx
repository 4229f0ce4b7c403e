import { useMemo } from 'react';
import { Button, Checkbox, useTranslation } from '@wallet/shared';
import {
  EditorFrame,
  KeyField,
  FormGroup,
  FormHint,
  FormProblem,
  LocalizedFields,
  useConsoleRead,
  useEditor,
} from '@wallet/shared/ops';
import { WHEEL_OPS_KEYS, wheelOpsApi, type WheelDefinition } from './api';
import {
  chances,
  checkWheel,
  MAX_SLICES,
  MIN_SLICES,
  sliceForm,
  wheelForm,
  type SliceForm,
  type WheelForm,
} from './forms';
import { percent, SliceFields } from './slice-fields';

const lowerCase = (value: string) => value.toLowerCase();

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
  // Only for suggestions and an early check: the server checks that a bonus prize's bonus exists (a failure is
  // silent: the editor works without them).
  const codes = useConsoleRead(WHEEL_OPS_KEYS.bonusCodes, () => wheelOpsApi.bonusCodes());
  const bonusCodes = useMemo(() => codes.data && new Set(codes.data), [codes.data]);
  const editor = useEditor({
    ns: 'spin-ops',
    prefix: 'sops',
    recordKey: id,
    readKey: WHEEL_OPS_KEYS.wheel,
    invalidates: [WHEEL_OPS_KEYS.list],
    read: (key) => wheelOpsApi.wheel(key).then(wheelForm),
    blank: wheelForm,
    check: (form: WheelForm, isNew) => checkWheel(form, isNew ? taken : undefined, bonusCodes),
    save: (body: WheelDefinition) => wheelOpsApi.saveWheel(body),
    savedText: (body) => t('editor.saved', { id: body.id }),
    onSaved,
  });
  const { set, problemText, text, flag, localized } = editor;
  const title = id === undefined ? t('editor.newTitle') : t('editor.editTitle', { id });

  const fields = (form: WheelForm) => {
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
    return (
      <>
        <FormGroup legend={t('editor.general')}>
          <KeyField
            label={t('field.id')}
            {...text.id}
            isNew={editor.isNew}
            transform={lowerCase}
            hint={t('hint.id')}
            fixedHint={t('hint.idFixed')}
          />
          <Checkbox label={t('field.active')} {...flag.active} />
          <FormHint role={turnsOff ? 'note' : undefined}>
            {turnsOff ? t('hint.turnsOff', { id: activeWheel }) : t('hint.active')}
          </FormHint>
          <FormHint>{t('hint.pastSpins')}</FormHint>
        </FormGroup>

        <LocalizedFields legend={t('field.names')} {...localized.names} maxLength={60} />

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
            {form.slices.map((slice, index) => (
              <li key={slice.key}>
                <SliceFields
                  slice={slice}
                  index={index}
                  count={form.slices.length}
                  chance={chance[index]}
                  problemText={problemText}
                  onChange={(patch) => setSlice(index, patch)}
                  onMove={(by) => move(index, by)}
                  onRemove={() => remove(index)}
                />
              </li>
            ))}
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
      </>
    );
  };

  return (
    <EditorFrame editor={editor} title={title} onCancel={onCancel}>
      {fields}
    </EditorFrame>
  );
}
