import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18n } from '../i18n/i18n';
import { Modal } from './modal';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

function Screen({ withInner = false }: { withInner?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open deposit
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Deposit">
        <input aria-label="Amount" />
        {withInner && (
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
        )}
        <Modal open={inner} onClose={() => setInner(false)} title="Inner">
          <button type="button">Inner action</button>
        </Modal>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a titled modal dialog that takes focus and gives it back when Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Open deposit' });

    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Deposit' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
    expect(document.body).toHaveClass('wl-modal-open');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body).not.toHaveClass('wl-modal-open');
  });

  it('closes with its translated close button', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Open deposit' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Open deposit' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes only the top modal on Escape', async () => {
    const user = userEvent.setup();
    render(<Screen withInner />);
    await user.click(screen.getByRole('button', { name: 'Open deposit' }));
    const innerOpener = screen.getByRole('button', { name: 'Open inner' });
    await user.click(innerOpener);
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Deposit' })).toBeInTheDocument();
    expect(innerOpener).toHaveFocus();
  });
});
