import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/i18n';
import { LanguageSwitcher } from './language-switcher';

beforeEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('th');
  });
});

describe('LanguageSwitcher', () => {
  it('offers th, la and en by their own names', () => {
    render(<LanguageSwitcher />);
    const select = screen.getByTestId('language-switcher');
    const options = Array.from(select.querySelectorAll('option')).map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ['th', 'ไทย'],
      ['la', 'ລາວ'],
      ['en', 'English'],
    ]);
    expect(select).toHaveValue('th');
    expect(screen.getByRole('combobox', { name: 'ภาษา' })).toBe(select);
  });

  it('switches the language, stores it and sets the page language', async () => {
    const user = userEvent.setup();
    render(<LanguageSwitcher />);

    await user.selectOptions(screen.getByTestId('language-switcher'), 'en');
    expect(i18n.language).toBe('en');
    expect(window.localStorage.getItem('locale')).toBe('en');
    expect(document.cookie).toContain('i18next=en');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');

    await user.selectOptions(screen.getByTestId('language-switcher'), 'la');
    expect(i18n.language).toBe('la');
    expect(window.localStorage.getItem('locale')).toBe('la');
    expect(document.documentElement.lang).toBe('lo');
    expect(screen.getByRole('combobox', { name: 'ພາສາ' })).toBeInTheDocument();
  });
});
