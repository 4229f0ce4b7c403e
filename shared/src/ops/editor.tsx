import { useEffect, useRef, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the page's one instance (see ./form.tsx), not another part
import { SkeletonList, useTranslation } from '@wallet/shared';
import { FormFooter } from './form';
import { LoadFailed } from './load-failed';
import type { Editor } from './use-editor';

/**
 * The frame of every console editor: its heading (focused when it opens), then the load-failed panel with the way
 * back, the skeleton while the record is read, or the form (`children`, given the form as typed) ending with the
 * footer (fields to correct, the server's refusal, save and cancel). Texts from the editor's namespace:
 * `save`, `cancel`, `loading`, `backToList` and `problem.summary`.
 */
export function EditorFrame<F>({
  editor,
  title,
  skeletonRows = 4,
  backLabel,
  onCancel,
  children,
}: {
  editor: Editor<F>;
  title: string;
  skeletonRows?: number;
  /** The load-failed panel's way back (default `<ns>:backToList`). */
  backLabel?: string;
  onCancel: () => void;
  children: (form: F) => ReactNode;
}) {
  const { t } = useTranslation(editor.ns);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The link that opened the editor is gone: the focus goes to its heading, where a screen reader starts.
  useEffect(() => headingRef.current?.focus(), []);
  const titleId = `${editor.prefix}-editor-title`;
  const { form, loadError, problemCount, refusal, busy, submit } = editor;
  let body: ReactNode;
  if (loadError)
    body = <LoadFailed message={loadError} actionLabel={backLabel ?? t('backToList')} onAction={onCancel} />;
  else if (form === undefined) body = <SkeletonList count={skeletonRows} label={t('loading')} />;
  else
    body = (
      <form noValidate onSubmit={submit}>
        {children(form)}
        <FormFooter
          problemSummary={problemCount > 0 ? t('problem.summary', { count: problemCount }) : undefined}
          refusal={refusal?.message}
          saveLabel={t('save')}
          cancelLabel={t('cancel')}
          busy={busy}
          onCancel={onCancel}
          testIdPrefix={editor.prefix}
        />
      </form>
    );
  return (
    <section className="wl-opsf-editor" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {body}
    </section>
  );
}
