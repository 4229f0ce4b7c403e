import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18n } from '../i18n/i18n';
import { Checkbox, FormField, SelectField } from './form-field';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('FormField', () => {
  it('binds its label to the input and passes input props through', () => {
    render(
      <FormField label="Phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={10} readOnly />,
    );
    const input = screen.getByLabelText('Phone');
    expect(input).toHaveAttribute('type', 'tel');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'tel');
    expect(input).toHaveAttribute('maxlength', '10');
    expect(input).toHaveAttribute('readonly');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('announces an inline error and ties it to the input', () => {
    render(<FormField label="Phone" error="The phone number must have 10 digits." />);
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/The phone number must have 10 digits\./);
    expect(screen.getByRole('alert')).toHaveTextContent('The phone number must have 10 digits.');
  });

  it('describes the input with its hint when there is no error', () => {
    render(<FormField label="Code" hint="Ask your friend for it" />);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
      'Ask your friend for it',
    );
  });

  it('uppercases what is typed when asked to', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    function Promo() {
      const [code, setCode] = useState('');
      return (
        <FormField
          label="Promotion code"
          transform="uppercase"
          value={code}
          onValueChange={(value) => {
            seen.push(value);
            setCode(value);
          }}
        />
      );
    }
    render(<Promo />);
    await user.type(screen.getByLabelText('Promotion code'), 'wel10');
    expect(screen.getByLabelText('Promotion code')).toHaveValue('WEL10');
    expect(seen.at(-1)).toBe('WEL10');
  });
});

describe('SelectField', () => {
  it('is a labelled select with a placeholder and an error', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    render(
      <SelectField
        label="Bank"
        placeholder="Choose a bank"
        options={[
          { value: 'KBANK', label: 'Kasikorn' },
          { value: 'SCB', label: 'SCB' },
        ]}
        defaultValue=""
        error="Please fill in this field"
        onValueChange={onValueChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Bank' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(select, 'SCB');
    expect(onValueChange).toHaveBeenCalledWith('SCB');
  });
});

describe('Checkbox', () => {
  it('toggles by its label', async () => {
    const user = userEvent.setup();
    const onCheckedChange = jest.fn();
    render(<Checkbox label="Remember me" onCheckedChange={onCheckedChange} />);
    await user.click(screen.getByText('Remember me'));
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(onCheckedChange).toHaveBeenCalledWith(true);
  });
});
