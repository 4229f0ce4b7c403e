import { useRef, useState, type FormEvent } from 'react';
import { FormField, htmlLang, useTranslation } from '@wallet/shared';
import { focusFirstInvalid, TextArea } from '@wallet/shared/ops';
import type { ContentKey, ContentLocale } from '../api';
import { EditActions } from './edit-actions';
import { useContentForm } from './use-content-form';

/**
 * How a field is checked, as the server checks it (server/src/features/content/shapes.ts): `address` is a link
 * members follow (an http(s) address or empty), `picture` also a path on this site, `notice` a text carrying the
 * `{percentFail}` placeholder and no other.
 */
type Kind = 'line' | 'long' | 'address' | 'picture' | 'notice';
interface FieldSpec {
  name: string;
  kind: Kind;
  required?: boolean;
}

/** The per-language texts that have a form: each key's fields, in the order the member's page shows them. */
const SPECS = {
  info: [
    { name: 'name', kind: 'line', required: true },
    { name: 'website', kind: 'address' },
  ],
  notice: [{ name: 'text', kind: 'notice' }],
  contact: [
    { name: 'contactText', kind: 'long' },
    { name: 'lineName', kind: 'line' },
    { name: 'lineLink', kind: 'address' },
    { name: 'lineQR', kind: 'picture' },
  ],
} as const satisfies Record<string, readonly FieldSpec[]>;

export type TextKey = keyof typeof SPECS;
export type Texts = Record<string, string>;

export const isTextKey = (key: ContentKey): key is TextKey => key in SPECS;

/** The stored value when it is of the key's shape (else the screen's JSON editor shows it as it is). */
export function asTexts(key: TextKey, value: unknown): Texts | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const names: readonly string[] = SPECS[key].map((field) => field.name);
  const entries = Object.entries(value);
  const fits =
    entries.length === names.length &&
    entries.every(([name, text]) => names.includes(name) && typeof text === 'string');
  return fits ? (value as Texts) : undefined;
}

/** The key's fields, all empty: a language with nothing stored yet. */
export const emptyTexts = (key: TextKey): Texts =>
  Object.fromEntries(SPECS[key].map((field) => [field.name, '']));

const PERCENT_FAIL = '{percentFail}';

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
const isSitePath = (text: string): boolean => /^\/(?![/\\])\S*$/.test(text);

/** Why the field's text is refused: the key of its message under `content.texts` and its values. */
function problemOf(
  spec: FieldSpec,
  text: string,
): { key: string; values?: Record<string, string> } | undefined {
  if (spec.required && text.trim() === '') return { key: 'required' };
  if (spec.kind === 'address' && text !== '' && !isWebAddress(text)) return { key: 'addressInvalid' };
  if (spec.kind === 'picture' && text !== '' && !isWebAddress(text) && !isSitePath(text))
    return { key: 'pictureInvalid' };
  if (spec.kind === 'notice') {
    if (!text.includes(PERCENT_FAIL)) return { key: 'noticePlaceholder' };
    const other = text.match(/\{[^}]*\}/g)?.find((p) => p !== PERCENT_FAIL);
    if (other) return { key: 'noticeOther', values: { placeholder: other } };
  }
  return undefined;
}

/**
 * A text key of one language (site name and website, the bonus notice, the support contact) as a form: one field
 * per part, in the language's script, checked as the server checks it before anything is sent (links members
 * follow are http(s) addresses, the notice keeps its placeholder). A refusal of the server is shown at its field.
 */
export function TextFieldsForm({
  textKey,
  locale,
  stored,
  onSaved,
  onDirty,
}: {
  textKey: TextKey;
  locale: ContentLocale;
  stored: Texts;
  onSaved: (saved: unknown) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('ops');
  const specs: readonly FieldSpec[] = SPECS[textKey];
  const [initial] = useState<Texts>(() => ({ ...stored }));
  const edit = useContentForm<Texts, string>({ key: textKey, locale, initial, onDirty, onSaved });
  const { draft } = edit;
  const form = useRef<HTMLFormElement>(null);
  const lang = locale === '*' ? undefined : htmlLang[locale];

  const own: Record<string, string> = {};
  for (const spec of specs) {
    const problem = problemOf(spec, draft[spec.name] ?? '');
    if (problem) own[spec.name] = t(`content.texts.${problem.key}`, problem.values ?? {});
  }
  const { invalid, shown, unplaced } = edit.problems(own, (detail) => t('content.texts.refused', { detail }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    edit.tryToSave();
    if (invalid) {
      focusFirstInvalid(form.current);
      return;
    }
    const value = Object.fromEntries(specs.map((spec) => [spec.name, draft[spec.name] ?? '']));
    const fieldOf = (path: string) => specs.find((spec) => `/${spec.name}` === path)?.name;
    await edit.save(value, fieldOf);
  };

  return (
    <form ref={form} className="ops-texts" noValidate onSubmit={(event) => void submit(event)}>
      {specs.map((spec) => {
        const common = {
          label: t(`content.texts.${textKey}.${spec.name}`),
          value: draft[spec.name] ?? '',
          error: shown(spec.name),
          required: spec.required,
          onValueChange: (value: string) => edit.change({ ...draft, [spec.name]: value }),
        };
        const hint =
          spec.kind === 'line' || spec.kind === 'long' ? undefined : t(`content.texts.hint.${spec.kind}`);
        return spec.kind === 'long' || spec.kind === 'notice' ? (
          <TextArea key={spec.name} {...common} hint={hint} lang={lang} rows={4} />
        ) : (
          <FormField
            key={spec.name}
            {...common}
            name={spec.name}
            hint={hint}
            lang={spec.kind === 'line' ? lang : undefined}
            type={spec.kind === 'line' ? 'text' : 'url'}
            inputMode={spec.kind === 'line' ? undefined : 'url'}
            autoComplete="off"
            spellCheck={spec.kind === 'line'}
          />
        );
      })}
      <EditActions dirty={edit.dirty} saving={edit.saving} refusal={unplaced} onDiscard={edit.discard} />
    </form>
  );
}
