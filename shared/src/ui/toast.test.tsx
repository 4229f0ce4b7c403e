import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { bus } from '../bus/bus';
import type { BusEvents } from '../bus/events';
import { ApiError } from '../http/api-error';
import { i18n } from '../i18n/i18n';
import { Modal } from './modal';
import { TOAST_CLEAR_GRACE_MS, TOAST_DURATION_MS, dismissToasts, toast, toastError } from './toast';
import { ToastViewport } from './toast-viewport';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  jest.useRealTimers();
});

describe('toast', () => {
  it('emits on the shared bus', () => {
    const seen: BusEvents['toast'][] = [];
    const subscription = bus.on('toast').subscribe((event) => seen.push(event));
    toast.success('Saved');
    toast.error('Nope');
    toast.info('FYI');
    toast.warning('Careful');
    subscription.unsubscribe();
    expect(seen).toEqual([
      { kind: 'success', message: 'Saved' },
      { kind: 'error', message: 'Nope' },
      { kind: 'info', message: 'FYI' },
      { kind: 'warning', message: 'Careful' },
    ]);
  });

  it('is shown by the viewport in a live region for 4 seconds', () => {
    jest.useFakeTimers();
    render(<ToastViewport />);
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => toast.success('Copied 0812345678'));
    expect(region).toHaveTextContent('Copied 0812345678');

    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(region).toHaveTextContent('Copied 0812345678');
    act(() => jest.advanceTimersByTime(1));
    expect(region).not.toHaveTextContent('Copied 0812345678');
  });

  it('keeps each toast its own 4 seconds', () => {
    jest.useFakeTimers();
    render(<ToastViewport />);
    act(() => toast.info('first'));
    act(() => jest.advanceTimersByTime(2000));
    act(() => toast.error('second'));
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByText('first')).not.toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(screen.getByText('second').closest('.wl-toast')).toHaveClass('wl-toast--error');
  });

  it('shows the translated message of a failed call, or a generic one', () => {
    render(<ToastViewport />);
    act(() => toastError(new ApiError('MONEY_NOT_ENOUGH', 400, 'Your balance is not enough.')));
    expect(screen.getByText('Your balance is not enough.')).toBeInTheDocument();
    act(() => toastError(new Error('boom')));
    expect(screen.getByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('goes at a tap on it, or on its close button', () => {
    render(<ToastViewport />);
    act(() => toast.error('Amount is below the minimum'));
    act(() => toast.info('Link copied'));
    fireEvent.click(screen.getByText('Amount is below the minimum'));
    expect(screen.queryByText('Amount is below the minimum')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Link copied')).not.toBeInTheDocument();
  });

  it('stops listening when unmounted', () => {
    const { unmount } = render(<ToastViewport />);
    unmount();
    expect(() => toast.info('after unmount')).not.toThrow();
  });

  it('dismissToasts removes every toast shown, but not one raised by the same action', () => {
    jest.useFakeTimers();
    render(<ToastViewport />);
    act(() => toast.error('Wrong OTP'));
    act(() => toast.info('Code sent'));
    act(() => jest.advanceTimersByTime(TOAST_CLEAR_GRACE_MS + 1));
    act(() => toast.success('Step done'));
    act(() => dismissToasts());
    const region = screen.getByRole('status');
    expect(region).not.toHaveTextContent('Wrong OTP');
    expect(region).not.toHaveTextContent('Code sent');
    expect(region).toHaveTextContent('Step done');
    // The one kept still goes after its own 4 s.
    act(() => jest.advanceTimersByTime(TOAST_DURATION_MS));
    expect(region).not.toHaveTextContent('Step done');
  });
});

describe('toasts of a window', () => {
  function Page() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Deposit
        </button>
        <Modal open={open} onClose={() => setOpen(false)} title="Deposit">
          <button type="button" onClick={() => toast.error('Amount is below the minimum')}>
            Pay
          </button>
          <button
            type="button"
            onClick={() => {
              toast.success('Deposit received');
              setOpen(false);
            }}
          >
            Done
          </button>
        </Modal>
        <ToastViewport />
      </>
    );
  }

  it("go when the window closes; the page's go when a window opens over it", () => {
    jest.useFakeTimers();
    render(<Page />);
    const region = screen.getByRole('status');
    act(() => toast.info('Link copied'));
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(region).not.toHaveTextContent('Link copied');

    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(region).toHaveTextContent('Amount is below the minimum');
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(region).not.toHaveTextContent('Amount is below the minimum');
  });

  it('keep a toast raised by the action that opened the window', () => {
    jest.useFakeTimers();
    render(<Page />);
    act(() => toast.success('Game account opened'));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('status')).toHaveTextContent('Game account opened');
  });

  it("keep the window's outcome, raised as it closes", () => {
    jest.useFakeTimers();
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const region = screen.getByRole('status');
    expect(region).not.toHaveTextContent('Amount is below the minimum');
    expect(region).toHaveTextContent('Deposit received');
  });
});
