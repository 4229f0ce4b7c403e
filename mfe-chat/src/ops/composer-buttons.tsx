// The buttons of the agent's composer (./composer.tsx): their editor (type, title, payload of each) and checks.
import { Button, FormField, SelectField, useTranslation } from '@wallet/shared';
import { BUTTONS_MAX, HTTPS_URL, INBOX_NS, PHONE } from './model';
import type { ButtonType, ChatButton, QuickReply } from './types';

const BUTTON_TYPES: readonly ButtonType[] = ['web', 'call', 'postback'];

export const blankButton = (): ChatButton => ({ type: 'postback', title: '', payload: '' });
export const blankReply = (): QuickReply => ({ title: '', payload: '' });

/** A problem of the draft: a key of `composer.errors` and its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** The first problem of the buttons, if any (`required`: at least one). */
export function checkButtons(buttons: readonly ChatButton[], required: boolean): Problem | undefined {
  if (required && buttons.length === 0) return { key: 'noButtons' };
  for (const [i, b] of buttons.entries()) {
    const n = i + 1;
    if (!b.title.trim()) return { key: 'buttonTitle', values: { n } };
    if (b.type === 'web' && !HTTPS_URL.test(b.payload.trim())) return { key: 'buttonUrl', values: { n } };
    if (b.type === 'call' && !PHONE.test(b.payload.trim())) return { key: 'buttonPhone', values: { n } };
    if (b.type === 'postback' && !b.payload.trim()) return { key: 'buttonPayload', values: { n } };
  }
  return undefined;
}

export const trimButtons = (buttons: readonly ChatButton[]): ChatButton[] =>
  buttons.map((b) => ({ type: b.type, title: b.title.trim(), payload: b.payload.trim() }));

export /** The buttons of a message or a card, each with its type, title and payload; at most `BUTTONS_MAX`. */
function ButtonsEditor({
  buttons,
  onChange,
  legend,
}: {
  buttons: ChatButton[];
  onChange: (buttons: ChatButton[]) => void;
  legend: string;
}) {
  const { t } = useTranslation(INBOX_NS);
  const set = (i: number, patch: Partial<ChatButton>) =>
    onChange(buttons.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  return (
    <fieldset className="ainbox-rows">
      <legend>{legend}</legend>
      {buttons.map((b, i) => (
        <div key={i} className="ainbox-row" role="group" aria-label={t('composer.buttonN', { n: i + 1 })}>
          <SelectField
            label={t('composer.buttonType')}
            options={BUTTON_TYPES.map((type) => ({ value: type, label: t(`buttonType.${type}`) }))}
            value={b.type}
            onValueChange={(type) => set(i, { type: type as ButtonType })}
          />
          <FormField
            label={t('composer.buttonTitle')}
            value={b.title}
            onValueChange={(title) => set(i, { title })}
          />
          <FormField
            label={t(`composer.payload.${b.type}`)}
            value={b.payload}
            type={b.type === 'web' ? 'url' : b.type === 'call' ? 'tel' : 'text'}
            onValueChange={(payload) => set(i, { payload })}
          />
          <Button variant="ghost" size="sm" onClick={() => onChange(buttons.filter((_, j) => j !== i))}>
            {t('composer.removeButton', { n: i + 1 })}
          </Button>
        </div>
      ))}
      {buttons.length < BUTTONS_MAX && (
        <Button variant="secondary" size="sm" onClick={() => onChange([...buttons, blankButton()])}>
          {t('composer.addButton')}
        </Button>
      )}
    </fieldset>
  );
}
