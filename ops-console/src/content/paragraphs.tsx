import { useRef, useState, type FormEvent } from 'react';
import { Button, htmlLang, useTranslation } from '@wallet/shared';
import { focusFirstInvalid, FormHint, TextArea } from '@wallet/shared/ops';
import type { ContentKey, ContentLocale } from '../api';
import { EditActions } from './edit-actions';
import { useContentForm } from './use-content-form';

/** The keys stored as a list of HTML paragraphs of one language. */
export type ParagraphsKey = 'conditions' | 'agreements';

export const isParagraphsKey = (key: ContentKey): key is ParagraphsKey =>
  key === 'conditions' || key === 'agreements';

/** The stored value when it is a list of texts (else the screen's JSON editor shows it as it is). */
export const asParagraphs = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((p) => typeof p === 'string') ? (value as string[]) : undefined;

/** A paragraph being edited, with a number of its own for React (paragraphs are added and removed). */
interface Row {
  row: number;
  text: string;
}

/**
 * The bonus conditions or the member agreement of one language as its paragraphs, one text area each (HTML, as
 * members' pages show it, sanitized): no JSON quoting to get wrong. Added, removed; at least one, none empty, as
 * the server checks before anything is sent; a refusal of the server is shown at its paragraph.
 */
export function ParagraphsForm({
  textKey,
  locale,
  stored,
  onSaved,
  onDirty,
}: {
  textKey: ParagraphsKey;
  locale: ContentLocale;
  stored: string[];
  onSaved: (saved: unknown) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('ops');
  const [initial] = useState<Row[]>(() => stored.map((text, row) => ({ row, text })));
  const nextRow = useRef(stored.length);
  const edit = useContentForm<Row[], string>({
    key: textKey,
    locale,
    initial,
    snapshot: (rows) => JSON.stringify(rows.map((r) => r.text)),
    onDirty,
    onSaved,
  });
  const { draft } = edit;
  const form = useRef<HTMLFormElement>(null);
  const lang = locale === '*' ? undefined : htmlLang[locale];

  const own: Record<string, string> = {};
  for (const r of draft) if (r.text.trim() === '') own[String(r.row)] = t('content.paragraphs.empty');
  const { invalid, shown, unplaced } = edit.problems(own, (detail) =>
    t('content.paragraphs.refused', { detail }),
  );
  const none = draft.length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    edit.tryToSave();
    if (none || invalid) {
      focusFirstInvalid(form.current);
      return;
    }
    // A refusal at `/<index>` is shown at that paragraph.
    const fieldOf = (path: string) => {
      const index = /^\/(\d+)$/.exec(path)?.[1];
      const row = index === undefined ? undefined : draft[Number(index)]?.row;
      return row === undefined ? undefined : String(row);
    };
    await edit.save(
      draft.map((r) => r.text),
      fieldOf,
    );
  };

  const setText = (row: number, text: string) =>
    edit.change(draft.map((r) => (r.row === row ? { ...r, text } : r)));

  return (
    <form ref={form} className="ops-texts" noValidate onSubmit={(event) => void submit(event)}>
      <FormHint>{t('content.paragraphs.hint')}</FormHint>
      {draft.map((r, i) => (
        <div key={r.row} className="ops-paragraph">
          <TextArea
            label={t('content.paragraphs.paragraph', { n: i + 1 })}
            value={r.text}
            lang={lang}
            rows={4}
            required
            error={shown(String(r.row))}
            onValueChange={(text) => setText(r.row, text)}
          />
          <Button variant="secondary" onClick={() => edit.change(draft.filter((x) => x.row !== r.row))}>
            {t('content.paragraphs.remove', { n: i + 1 })}
          </Button>
        </div>
      ))}
      {none && (
        <p className={edit.tried ? 'wl-field__error' : 'ops-hint'} role={edit.tried ? 'alert' : undefined}>
          {t('content.paragraphs.none')}
        </p>
      )}
      <Button
        variant="secondary"
        onClick={() => edit.change([...draft, { row: nextRow.current++, text: '' }])}
      >
        {t('content.paragraphs.add')}
      </Button>
      <EditActions dirty={edit.dirty} saving={edit.saving} refusal={unplaced} onDiscard={edit.discard} />
    </form>
  );
}
