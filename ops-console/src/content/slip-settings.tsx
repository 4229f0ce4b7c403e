import { useRef, useState, type FormEvent } from 'react';
import { Checkbox, FormField, SelectField, useTranslation } from '@wallet/shared';
import { focusFirstInvalid, FormGrid, FormGroup, FormHint } from '@wallet/shared/ops';
import { EditActions } from './edit-actions';
import { useContentForm, type ContentFormProps } from './use-content-form';

/** The image types the server reads (`accept` may name only these). */
const TYPES = ['image/jpeg', 'image/png'] as const;
type ImageType = (typeof TYPES)[number];
/** The sites' own time zones; a stored other zone stays offered. */
const ZONES = ['Asia/Bangkok', 'Asia/Vientiane'] as const;
const MB = 1024 * 1024;

/** The stored `slip` content: whether and what members may upload, and the daily closed hours. */
export interface SlipSettings {
  enabled: boolean;
  maxSizeBytes: number;
  accept: ImageType[];
  uploadWithinMinutes: number;
  closedFrom: string;
  closedUntil: string;
  timezone: string;
}

const isImageType = (v: unknown): v is ImageType => TYPES.some((type) => type === v);

/** The stored value when it is of the shape (else the screen's JSON editor shows it as it is). */
export function asSlipSettings(value: unknown): SlipSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const texts = [v.closedFrom, v.closedUntil, v.timezone].every((x) => typeof x === 'string');
  if (typeof v.enabled !== 'boolean' || !texts) return undefined;
  if (!Number.isSafeInteger(v.maxSizeBytes) || !Number.isSafeInteger(v.uploadWithinMinutes)) return undefined;
  if (!Array.isArray(v.accept) || !v.accept.every(isImageType)) return undefined;
  return value as SlipSettings;
}

/** Megabytes as typed (`5`, `2.5`: at most two decimals, above zero) in bytes, or null. */
function bytesOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(trimmed)) return null;
  const bytes = Math.round(Number(trimmed) * MB);
  return bytes > 0 ? bytes : null;
}
/** Bytes as megabytes for the field (`5`, `2.5`). */
const megabytes = (bytes: number): string => String(Math.round((bytes / MB) * 100) / 100);
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIMES = ['closedFrom', 'closedUntil'] as const;

interface Draft {
  enabled: boolean;
  size: string;
  accept: ImageType[];
  closedFrom: string;
  closedUntil: string;
  timezone: string;
}
type Field = 'size' | 'accept' | 'closedFrom' | 'closedUntil' | 'timezone';

/**
 * The slip upload settings as a form: uploads on or off, the largest file in MB, the image types, and the daily
 * hours uploads are closed in a time zone. Checked as the server checks before anything is sent; a refusal of the
 * server is shown at its field. `uploadWithinMinutes` is kept as stored (nothing reads it: docs/money-in.md).
 */
export function SlipSettingsForm({ stored, onSaved, onDirty }: ContentFormProps<SlipSettings>) {
  const { t } = useTranslation('ops');
  const [initial] = useState<Draft>(() => ({
    enabled: stored.enabled,
    size: megabytes(stored.maxSizeBytes),
    accept: [...stored.accept],
    closedFrom: stored.closedFrom,
    closedUntil: stored.closedUntil,
    timezone: stored.timezone,
  }));
  const edit = useContentForm<Draft, Field>({ key: 'slip', initial, onDirty, onSaved });
  const { draft } = edit;
  const form = useRef<HTMLFormElement>(null);

  const size = bytesOf(draft.size);
  const own: Partial<Record<Field, string>> = {};
  if (size === null) own.size = t('content.slip.sizeInvalid');
  if (draft.accept.length === 0) own.accept = t('content.slip.acceptNone');
  if (!HHMM.test(draft.closedFrom)) own.closedFrom = t('content.slip.timeInvalid');
  if (!HHMM.test(draft.closedUntil)) own.closedUntil = t('content.slip.timeInvalid');
  const { invalid, shown, unplaced } = edit.problems(own, (detail) => t('content.slip.refused', { detail }));
  const acceptError = shown('accept');
  const change = (next: Partial<Draft>) => edit.change({ ...draft, ...next });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    edit.tryToSave();
    if (size === null || invalid) {
      focusFirstInvalid(form.current);
      return;
    }
    const value = {
      enabled: draft.enabled,
      maxSizeBytes: size,
      // In the server's order, whatever order they were ticked in.
      accept: TYPES.filter((type) => draft.accept.includes(type)),
      uploadWithinMinutes: stored.uploadWithinMinutes,
      closedFrom: draft.closedFrom,
      closedUntil: draft.closedUntil,
      timezone: draft.timezone,
    };
    const fieldOf = (path: string): Field | undefined => {
      const at = path.split('/')[1];
      if (at === 'maxSizeBytes') return 'size';
      return at === 'accept' || at === 'closedFrom' || at === 'closedUntil' || at === 'timezone'
        ? at
        : undefined;
    };
    await edit.save(value, fieldOf);
  };

  const zones = ZONES.some((zone) => zone === draft.timezone) ? ZONES : [...ZONES, draft.timezone];
  return (
    <form ref={form} className="ops-slip" noValidate onSubmit={(event) => void submit(event)}>
      <Checkbox
        label={t('content.slip.enabled')}
        checked={draft.enabled}
        onCheckedChange={(enabled) => change({ enabled })}
      />
      <FormField
        name="size"
        label={t('content.slip.size')}
        value={draft.size}
        inputMode="decimal"
        autoComplete="off"
        hint={t('content.slip.sizeHint')}
        error={shown('size')}
        addon={<span className="ops-unit">{t('content.slip.mb')}</span>}
        onValueChange={(value) => change({ size: value })}
      />
      <FormGroup legend={t('content.slip.accept')}>
        {TYPES.map((type) => (
          <Checkbox
            key={type}
            label={t(`content.slip.types.${type === 'image/png' ? 'png' : 'jpeg'}`)}
            checked={draft.accept.includes(type)}
            onCheckedChange={(on) =>
              change({ accept: on ? [...draft.accept, type] : draft.accept.filter((x) => x !== type) })
            }
          />
        ))}
        {acceptError && (
          <p className="wl-field__error" role="alert">
            {acceptError}
          </p>
        )}
      </FormGroup>
      <FormGroup legend={t('content.slip.closed')}>
        <FormHint>{t('content.slip.closedHint')}</FormHint>
        <FormGrid>
          {TIMES.map((name) => (
            <FormField
              key={name}
              name={name}
              label={t(`content.slip.${name}`)}
              value={draft[name]}
              placeholder="23:50"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              error={shown(name)}
              onValueChange={(value) => change({ [name]: value })}
            />
          ))}
          <SelectField
            name="timezone"
            label={t('content.slip.timezone')}
            value={draft.timezone}
            options={zones.map((zone) => ({ value: zone, label: zone }))}
            error={shown('timezone')}
            onValueChange={(timezone) => change({ timezone })}
          />
        </FormGrid>
      </FormGroup>
      <EditActions dirty={edit.dirty} saving={edit.saving} refusal={unplaced} onDiscard={edit.discard} />
    </form>
  );
}
