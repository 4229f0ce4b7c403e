import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastViewport, setLocale } from '@wallet/shared';
import { bankNameApi } from './api';
import { snapshot } from '../../test-support/fixtures';
import { EditBankNameModal } from './edit-bank-name-modal';

const MESSAGE = 'Please enter the account name in English letters.';

function renderModal(onClose = jest.fn()) {
  render(
    <>
      <EditBankNameModal open bankCode="KTB" currentName="สมชาย ใจดี" onClose={onClose} />
      <ToastViewport />
    </>,
  );
  return onClose;
}

const inline = () => screen.queryAllByText(MESSAGE).filter((el) => !el.closest('.wl-toasts'));
const toasts = () =>
  Array.from(document.querySelectorAll('.wl-toasts .wl-toast__message')).map((el) => el.textContent);

beforeAll(async () => {
  await setLocale('en');
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('a name not in English letters shows its message under the field and as a toast for 4 seconds', async () => {
  const save = jest.spyOn(bankNameApi, 'updateBankAccountName');
  renderModal();
  await userEvent.type(screen.getByTestId('bank-name-input'), 'สมชาย');
  jest.useFakeTimers({ now: Date.now() });
  fireEvent.click(screen.getByTestId('bank-name-save'));

  expect(inline()).toHaveLength(1);
  expect(toasts()).toEqual([MESSAGE]);
  expect(document.querySelector('.wl-toast')).toHaveClass('wl-toast--error');
  expect(save).not.toHaveBeenCalled();

  act(() => jest.advanceTimersByTime(3999));
  expect(toasts()).toEqual([MESSAGE]);
  act(() => jest.advanceTimersByTime(1));
  expect(toasts()).toEqual([]);
  expect(inline()).toHaveLength(1);
});

test('an empty name is a form error too; typing clears the message and a good name is saved', async () => {
  const save = jest.spyOn(bankNameApi, 'updateBankAccountName').mockResolvedValue(snapshot().profile);
  const onClose = renderModal();
  await userEvent.click(screen.getByTestId('bank-name-save'));
  expect(inline()).toHaveLength(1);
  expect(toasts()).toEqual([MESSAGE]);

  await userEvent.type(screen.getByTestId('bank-name-input'), 'somchai  jaidee');
  expect(inline()).toHaveLength(0);
  await userEvent.click(screen.getByTestId('bank-name-save'));
  expect(save).toHaveBeenCalledWith('KTB', 'SOMCHAI JAIDEE');
  expect(onClose).toHaveBeenCalledWith('SOMCHAI JAIDEE');
});
