import fs from 'node:fs';
import path from 'node:path';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState, type FormEvent } from 'react';
import { addCatalogs, i18n } from '../i18n/i18n';
import {
  checkLocalized,
  emptyLocalized,
  focusFirstInvalid,
  FormFooter,
  FormGroup,
  FormProblem,
  LocalizedFields,
  TextArea,
  useProblemText,
  type Language,
  type Localized,
  type Problems,
} from './form';

// The caller's namespace: the module's texts come from there (or as props), never from `common`.
const problems = { required: 'Please fill in this field.', tooLong: 'At most {{max}} characters.' };
beforeAll(async () => {
  await addCatalogs('test-ops', {
    th: { problem: problems },
    la: { problem: problems },
    en: { problem: problems },
  });
  await i18n.changeLanguage('en');
});

const LANGUAGE_NAMES: Record<Language, string> = { th: 'Thai', la: 'Lao', en: 'English' };
const languageLabel = (lang: Language) => LANGUAGE_NAMES[lang];

describe('TextArea', () => {
  it('is a multi-line text box named by its label, with its hint as description', async () => {
    const seen: string[] = [];
    function Field() {
      const [value, setValue] = useState('');
      return (
        <TextArea
          label="Banner HTML"
          hint="Shown to members"
          value={value}
          lang="th"
          maxLength={40}
          required
          onValueChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Field />);
    const box = screen.getByRole('textbox', { name: 'Banner HTML' });
    expect(box.tagName).toBe('TEXTAREA');
    expect(box).toBeRequired();
    expect(box).toHaveAttribute('lang', 'th');
    expect(box).toHaveAttribute('maxlength', '40');
    expect(box).toHaveAccessibleDescription('Shown to members');
    expect(box).not.toHaveAttribute('aria-invalid');
    await userEvent.type(box, '<p>Hi</p>');
    expect(box).toHaveValue('<p>Hi</p>');
    expect(seen.at(-1)).toBe('<p>Hi</p>');
  });

  it('shows its error instead of the hint, announced and tied to the box', () => {
    render(
      <TextArea
        label="Banner HTML"
        hint="Shown to members"
        error="Too long."
        value="x"
        onValueChange={() => {}}
      />,
    );
    const box = screen.getByRole('textbox', { name: 'Banner HTML' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Too long.');
    expect(screen.getByRole('alert')).toHaveTextContent('Too long.');
    expect(screen.queryByText('Shown to members')).not.toBeInTheDocument();
  });
});

/** A form with one text in every language, checked as a remote's `forms.ts` checks it (at most 5 characters). */
function NameForm({
  initial = emptyLocalized(),
  multiline = false,
}: {
  initial?: Localized;
  multiline?: boolean;
}) {
  const [value, setValue] = useState(initial);
  const [found, setFound] = useState<Problems>({});
  const problemText = useProblemText('test-ops', found);
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const next: Problems = {};
        checkLocalized(next, 'names', value, 5);
        setFound(next);
        focusFirstInvalid(formRef.current);
      }}
    >
      <LocalizedFields
        legend="Name"
        field="names"
        value={value}
        onChange={setValue}
        problemText={problemText}
        languageLabel={languageLabel}
        multiline={multiline}
        maxLength={multiline ? 2000 : 20}
        hint={multiline ? 'HTML, shown to members in their language.' : undefined}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
      <button type="submit">Check</button>
    </form>
  );
}

describe('LocalizedFields', () => {
  it('has one required field per language in a group named by its legend, each in its language', () => {
    render(<NameForm initial={{ th: 'ชื่อ', la: 'ຊື່', en: 'Name' }} />);
    const group = screen.getByRole('group', { name: 'Name' });
    const boxes = within(group).getAllByRole('textbox');
    expect(boxes).toHaveLength(3);
    for (const [lang, text] of [
      ['th', 'ชื่อ'],
      ['la', 'ຊື່'],
      ['en', 'Name'],
    ] as const) {
      const box = within(group).getByRole('textbox', { name: LANGUAGE_NAMES[lang] });
      expect(box.tagName).toBe('INPUT');
      expect(box).toHaveValue(text);
      // The HTML language tag: Lao is `lo` (`la` would be Latin).
      expect(box).toHaveAttribute('lang', lang === 'la' ? 'lo' : lang);
      expect(box).toHaveAttribute('name', `names.${lang}`);
      expect(box).toHaveAttribute('maxlength', '20');
      expect(box).toBeRequired();
    }
  });

  it('changes only the language typed in', async () => {
    render(<NameForm initial={{ th: 'ก', la: 'ກ', en: 'A' }} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'English' }), 'b');
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '')).toEqual({ th: 'ก', la: 'ກ', en: 'Ab' });
  });

  it('gives text areas with the hint when the text is long', () => {
    render(<NameForm multiline />);
    const group = screen.getByRole('group', { name: 'Name' });
    expect(within(group).getByText('HTML, shown to members in their language.')).toBeInTheDocument();
    const boxes = within(group).getAllByRole('textbox');
    expect(boxes.map((box) => box.tagName)).toEqual(['TEXTAREA', 'TEXTAREA', 'TEXTAREA']);
    expect(boxes.map((box) => box.getAttribute('lang'))).toEqual(['th', 'lo', 'en']);
  });

  it('shows each problem at its language, translated from the caller’s namespace, and focuses the first', async () => {
    render(<NameForm initial={{ th: 'ชื่อ', la: '', en: 'Too long' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));

    const thai = screen.getByRole('textbox', { name: 'Thai' });
    const lao = screen.getByRole('textbox', { name: 'Lao' });
    const english = screen.getByRole('textbox', { name: 'English' });
    expect(thai).not.toHaveAttribute('aria-invalid');
    expect(lao).toHaveAttribute('aria-invalid', 'true');
    expect(lao).toHaveAccessibleDescription(/Please fill in this field\./);
    expect(english).toHaveAttribute('aria-invalid', 'true');
    expect(english).toHaveAccessibleDescription(/At most 5 characters\./);
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    await waitFor(() => expect(lao).toHaveFocus());
  });
});

describe('useProblemText', () => {
  it('translates a field’s problem, with its values, from the caller’s namespace; undefined without one', () => {
    const { result } = renderHook(() =>
      useProblemText('test-ops', { code: { key: 'tooLong', values: { max: 40 } } }),
    );
    const text = result.current;
    expect(text('code')).toBe('At most 40 characters.');
    expect(text('names.th')).toBeUndefined();
  });
});

describe('focusFirstInvalid', () => {
  it('focuses the first field marked invalid, in the order of the form', async () => {
    render(
      <form aria-label="Editor">
        <input aria-label="Code" />
        <input aria-label="Weight" aria-invalid="true" />
        <textarea aria-label="Description" aria-invalid="true" />
      </form>,
    );
    act(() => focusFirstInvalid(screen.getByRole('form', { name: 'Editor' }) as HTMLFormElement));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Weight' })).toHaveFocus());
  });

  it('does nothing when no field is invalid (or there is no form)', async () => {
    render(
      <form aria-label="Editor">
        <input aria-label="Code" />
      </form>,
    );
    focusFirstInvalid(screen.getByRole('form', { name: 'Editor' }) as HTMLFormElement);
    focusFirstInvalid(null);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.body).toHaveFocus();
  });
});

describe('FormGroup and FormProblem', () => {
  it('is a group named by its legend; a group’s problem is announced only when there is one', () => {
    const { rerender } = render(
      <FormGroup legend="Banners" className="extra">
        <FormProblem text={undefined} />
      </FormGroup>,
    );
    const group = screen.getByRole('group', { name: 'Banners' });
    expect(group).toHaveClass('extra');
    expect(within(group).queryByRole('alert')).not.toBeInTheDocument();
    rerender(
      <FormGroup legend="Banners">
        <FormProblem text="From 1 to 10 banners." />
      </FormGroup>,
    );
    expect(within(group).getByRole('alert')).toHaveTextContent('From 1 to 10 banners.');
  });
});

describe('FormFooter', () => {
  it('submits the form with save and cancels with cancel', async () => {
    const onSubmit = jest.fn((event: FormEvent) => event.preventDefault());
    const onCancel = jest.fn();
    render(
      <form onSubmit={onSubmit}>
        <FormFooter
          problemSummary={undefined}
          refusal={undefined}
          saveLabel="Save"
          cancelLabel="Cancel"
          busy={false}
          onCancel={onCancel}
          testIdPrefix="t"
        />
      </form>,
    );
    expect(screen.queryByTestId('t-problems')).not.toBeInTheDocument();
    expect(screen.queryByTestId('t-refusal')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('announces how many fields to correct, shows a refusal, and waits while saving', () => {
    render(
      <FormFooter
        problemSummary="Fields to correct: 2."
        refusal="Some information is not valid."
        saveLabel="Save"
        cancelLabel="Cancel"
        busy
        onCancel={() => {}}
        testIdPrefix="t"
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Fields to correct: 2.');
    expect(screen.getByTestId('t-problems')).toHaveTextContent('Fields to correct: 2.');
    expect(screen.getByTestId('t-refusal')).toHaveTextContent('Some information is not valid.');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

test('stays out of every page’s first load: neither @wallet/shared nor the UI kit exports the console kit', () => {
  for (const file of [path.join(__dirname, '..', 'index.ts'), path.join(__dirname, '..', 'ui', 'index.ts')])
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/from '\.\.?\/ops[/']/);
});
