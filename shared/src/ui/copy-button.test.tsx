import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/i18n';
import { CopyButton } from './copy-button';
import { ToastViewport } from './toast-viewport';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(window.navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('CopyButton', () => {
  it('copies the text and says "Copied <text>"', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(() => Promise.resolve());
    render(
      <>
        <ToastViewport />
        <CopyButton text="1234567890" />
      </>,
    );
    stubClipboard(writeText);
    await user.click(screen.getByRole('button', { name: 'Copy 1234567890' }));
    expect(writeText).toHaveBeenCalledWith('1234567890');
    expect(await screen.findByText('Copied 1234567890')).toBeInTheDocument();
  });

  it('says "Failed to copy" when the clipboard refuses', async () => {
    const user = userEvent.setup();
    const onCopied = jest.fn();
    render(
      <>
        <ToastViewport />
        <CopyButton text="secret" onCopied={onCopied}>
          Copy it
        </CopyButton>
      </>,
    );
    stubClipboard(() => Promise.reject(new Error('denied')));
    await user.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument();
    expect(onCopied).toHaveBeenCalledWith(false);
  });
});
