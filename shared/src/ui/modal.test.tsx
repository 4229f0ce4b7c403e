import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { i18n } from '../i18n/i18n';
import { Modal, useOpenModalCount } from './modal';

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

  it('cycles through the shown controls only: a hidden panel is no end of the trap, nor is an added control', async () => {
    function Tabs() {
      const [tab, setTab] = useState<'a' | 'b'>('a');
      const [extra, setExtra] = useState(false);
      return (
        <Modal open onClose={() => undefined} title="Tabs">
          <button type="button" onClick={() => setTab(tab === 'a' ? 'b' : 'a')}>
            Switch
          </button>
          <div role="tabpanel" aria-label="A" hidden={tab !== 'a'} tabIndex={0}>
            <button type="button" onClick={() => setExtra(true)}>
              A action
            </button>
            {extra && <button type="button">Added</button>}
          </div>
          <div role="tabpanel" aria-label="B" hidden={tab !== 'b'} tabIndex={0}>
            <button type="button">B action</button>
            <input aria-label="B last" />
          </div>
        </Modal>
      );
    }
    const user = userEvent.setup();
    render(<Tabs />);
    const dialog = screen.getByRole('dialog', { name: 'Tabs' });
    const order = async (presses: number, shift = false) => {
      const seen: string[] = [];
      for (let i = 0; i < presses; i += 1) {
        await user.tab({ shift });
        const active = document.activeElement as HTMLElement;
        expect(dialog).toContainElement(active);
        seen.push(active.getAttribute('aria-label') ?? active.textContent ?? '');
      }
      return seen;
    };
    // Focus starts on Switch; the shown panel's controls, then round to the close button (first in the dialog).
    expect(await order(4)).toEqual(['A', 'A action', 'Close', 'Switch']);
    expect(await order(4, true)).toEqual(['Close', 'A action', 'A', 'Switch']);

    await user.click(screen.getByRole('button', { name: 'A action' }));
    expect(await order(2)).toEqual(['Added', 'Close']);

    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await order(5)).toEqual(['B', 'B action', 'B last', 'Close', 'Switch']);
    expect(await order(5, true)).toEqual(['Close', 'B last', 'B action', 'B', 'Switch']);
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

function OpenCount() {
  return <p data-testid="open-count">{useOpenModalCount()}</p>;
}

describe('useOpenModalCount', () => {
  it('counts the modals open now, nested ones included, and falls back to 0 when they close', async () => {
    const user = userEvent.setup();
    render(
      <>
        <OpenCount />
        <Screen withInner />
      </>,
    );
    const count = screen.getByTestId('open-count');
    expect(count).toHaveTextContent('0');

    await user.click(screen.getByRole('button', { name: 'Open deposit' }));
    expect(count).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(count).toHaveTextContent('2');

    await user.keyboard('{Escape}');
    expect(count).toHaveTextContent('1');
    await user.keyboard('{Escape}');
    expect(count).toHaveTextContent('0');
  });
});

describe('Modal returnFocus', () => {
  function SelfOpening() {
    const heading = useRef<HTMLHeadingElement>(null);
    const [open, setOpen] = useState(true);
    return (
      <>
        <h1 ref={heading} tabIndex={-1}>
          Home
        </h1>
        <Modal open={open} onClose={() => setOpen(false)} title="Notice" returnFocus={heading}>
          <p>Read me</p>
        </Modal>
      </>
    );
  }

  it('puts focus on the given element when a modal that opened by itself closes, not on body', async () => {
    const user = userEvent.setup();
    render(<SelfOpening />);
    expect(screen.getByRole('dialog', { name: 'Notice' })).toContainElement(
      document.activeElement as HTMLElement,
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Home', level: 1 })).toHaveFocus();
  });
});
