import { useRef, useState, type FormEvent } from 'react';
import { Button, FormField, htmlLang, useTranslation } from '@wallet/shared';
import { focusFirstInvalid, FormGrid, FormGroup, FormHint } from '@wallet/shared/ops';
import type { ContentLocale } from '../api';
import { EditActions } from './edit-actions';
import { useContentForm } from './use-content-form';

/** A registration source as stored: the code registration keeps, the words the visitor picks. */
export interface Source {
  code: string;
  description: string;
}

/** The stored value when it is a list of sources (else the screen's JSON editor shows it as it is). */
export function asSources(value: unknown): Source[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const fits = value.every((s: unknown) => {
    if (typeof s !== 'object' || s === null) return false;
    const entries = Object.entries(s);
    return (
      entries.length === 2 &&
      entries.every(([k, v]) => (k === 'code' || k === 'description') && typeof v === 'string')
    );
  });
  return fits ? (value as Source[]) : undefined;
}

/** A source being edited, with a number of its own for React (sources are added and removed). */
interface Row extends Source {
  row: number;
}

/**
 * The answers to "How did you hear of us?" of one language: each a code (what registration keeps: the same code
 * in every language is the same answer) and the words the visitor picks. Added and removed; each code once, none
 * empty, as the server checks before anything is sent; a refusal of the server is shown at its field.
 */
export function SourcesForm({
  locale,
  stored,
  onSaved,
  onDirty,
}: {
  locale: ContentLocale;
  stored: Source[];
  onSaved: (saved: unknown) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('ops');
  const [initial] = useState<Row[]>(() => stored.map((source, row) => ({ ...source, row })));
  const nextRow = useRef(stored.length);
  const edit = useContentForm<Row[], string>({
    key: 'sources',
    locale,
    initial,
    snapshot: (rows) => JSON.stringify(rows.map(({ code, description }) => ({ code, description }))),
    onDirty,
    onSaved,
  });
  const { draft } = edit;
  const form = useRef<HTMLFormElement>(null);
  const lang = locale === '*' ? undefined : htmlLang[locale];

  const own: Record<string, string> = {};
  const seen = new Set<string>();
  for (const r of draft) {
    if (r.code === '') own[`${r.row}.code`] = t('content.sources.required');
    else if (seen.has(r.code)) own[`${r.row}.code`] = t('content.sources.twice', { code: r.code });
    seen.add(r.code);
    if (r.description.trim() === '') own[`${r.row}.description`] = t('content.sources.required');
  }
  const { invalid, shown, unplaced } = edit.problems(own, (detail) =>
    t('content.sources.refused', { detail }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    edit.tryToSave();
    if (invalid) {
      focusFirstInvalid(form.current);
      return;
    }
    // A refusal at `/<index>/<code|description>` is shown at that source's field.
    const fieldOf = (path: string) => {
      const [, index, name] = /^\/(\d+)\/(code|description)$/.exec(path) ?? [];
      const row = index === undefined ? undefined : draft[Number(index)]?.row;
      return row === undefined ? undefined : `${row}.${name}`;
    };
    await edit.save(
      draft.map(({ code, description }) => ({ code, description })),
      fieldOf,
    );
  };

  const setRow = (row: number, change: Partial<Source>) =>
    edit.change(draft.map((r) => (r.row === row ? { ...r, ...change } : r)));

  return (
    <form ref={form} className="ops-texts" noValidate onSubmit={(event) => void submit(event)}>
      <FormHint>{t('content.sources.hint')}</FormHint>
      {draft.length === 0 && <p className="ops-hint">{t('content.sources.none')}</p>}
      {draft.map((r, i) => (
        <FormGroup key={r.row} legend={t('content.sources.source', { n: i + 1 })}>
          <FormGrid>
            <FormField
              name={`${r.row}.code`}
              label={t('content.sources.code')}
              value={r.code}
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              required
              error={shown(`${r.row}.code`)}
              // Codes are kept as one word in capitals (FACEBOOK), the same in every language.
              transform={(value) => value.toUpperCase().replace(/\s/g, '')}
              onValueChange={(code) => setRow(r.row, { code })}
            />
            <FormField
              name={`${r.row}.description`}
              label={t('content.sources.description')}
              value={r.description}
              lang={lang}
              maxLength={100}
              required
              error={shown(`${r.row}.description`)}
              onValueChange={(description) => setRow(r.row, { description })}
            />
          </FormGrid>
          <Button variant="secondary" onClick={() => edit.change(draft.filter((x) => x.row !== r.row))}>
            {t('content.sources.remove', { n: i + 1 })}
          </Button>
        </FormGroup>
      ))}
      <Button
        variant="secondary"
        onClick={() => edit.change([...draft, { row: nextRow.current++, code: '', description: '' }])}
      >
        {t('content.sources.add')}
      </Button>
      <EditActions dirty={edit.dirty} saving={edit.saving} refusal={unplaced} onDiscard={edit.discard} />
    </form>
  );
}
