import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/i18n';
import { AlertDialog, ConfirmDialog, confirm, showAlert } from './dialogs';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('ConfirmDialog', () => {
  it('answers through its callbacks', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(<ConfirmDialog open body="Cancel your bonus?" onConfirm={onConfirm} onCancel={onCancel} />);

    expect(screen.getByRole('alertdialog', { name: 'Please confirm' })).toHaveTextContent(
      'Cancel your bonus?',
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('cannot be dismissed while busy', async () => {
    const user = userEvent.setup();
    const onCancel = jest.fn();
    render(<ConfirmDialog open busy body="…" onConfirm={jest.fn()} onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('AlertDialog', () => {
  it('is titled Error by default and closes with OK', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<AlertDialog open message="Your balance is not enough." onClose={onClose} />);
    expect(screen.getByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'Your balance is not enough.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('is titled Success for a success message', () => {
    render(<AlertDialog open kind="success" message="Transfer done" onClose={jest.fn()} />);
    expect(screen.getByRole('alertdialog', { name: 'Success' })).toBeInTheDocument();
  });
});

describe('imperative dialogs', () => {
  it('confirm() resolves true on confirm and false on cancel, and cleans up', async () => {
    const user = userEvent.setup();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ title: 'Receive bonus', body: 'Receive 100.00 into your wallet?' });
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = confirm({ body: 'Sure?' });
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    await waitFor(() => expect(document.querySelector('.wl-detached-dialog')).toBeNull());
  });

  it('showAlert() resolves once closed', async () => {
    const user = userEvent.setup();
    let closed: Promise<void> | undefined;
    act(() => {
      closed = showAlert({ kind: 'error', message: 'Promotion not found.' });
    });
    expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
      'Promotion not found.',
    );
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await expect(closed).resolves.toBeUndefined();
  });
});
