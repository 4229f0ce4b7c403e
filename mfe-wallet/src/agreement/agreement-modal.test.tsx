import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Modal, setLocale } from '@wallet/shared';
import { agreementApi } from './api';
import { AGREEMENT_DELAY_MS, AGREEMENT_KEY } from './agreement-storage';
import { AgreementPrompt } from './agreement-modal';
import { depositApi } from '../deposit/api';
import { homeApi } from '../common/wallet-api';
import { HomePage } from '../home/home-page';
import { snapshot } from '../test-support/fixtures';

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

beforeAll(() => setLocale('en'));
beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
  jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
  jest.spyOn(homeApi, 'refreshSlots').mockResolvedValue([]);
  jest.spyOn(homeApi, 'spinActive').mockResolvedValue({ isActive: false });
  jest.spyOn(agreementApi, 'agreements').mockResolvedValue(['<p>Play fair</p>']);
  jest
    .spyOn(depositApi, 'lookup')
    .mockResolvedValue({ banks: [], wallets: [], isManual: false, qrChannels: [], unavailable: [] });
  jest.spyOn(depositApi, 'slipSettings').mockRejectedValue(new Error('offline'));
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const agreement = () => screen.queryByRole('dialog', { name: 'Terms of use' });

test('a window the member opened first is not covered: the agreement waits and appears when it closes', async () => {
  renderHome();
  await screen.findByTestId('home-name');
  // The member opens the deposit window before the agreement's 1.5 s are up.
  act(() => screen.getByTestId('widget-deposit').click());
  expect(screen.getByRole('dialog', { name: 'Deposit' })).toBeInTheDocument();

  await act(async () => jest.advanceTimersByTime(AGREEMENT_DELAY_MS * 4));
  expect(agreementApi.agreements).toHaveBeenCalled();
  expect(agreement()).not.toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Deposit' })).toBeInTheDocument();

  act(() => screen.getByRole('button', { name: 'Close' }).click());
  expect(screen.queryByRole('dialog', { name: 'Deposit' })).not.toBeInTheDocument();
  expect(agreement()).toBeInTheDocument();
  // The paragraphs are server html, shown once the sanitizer is loaded.
  expect(await screen.findByText('Play fair')).toBeInTheDocument();
});

test('after the agreement closes, focus is on the page heading, not on body', async () => {
  renderHome();
  await screen.findByTestId('home-name');
  await act(async () => jest.advanceTimersByTime(AGREEMENT_DELAY_MS));
  expect(agreement()).toBeInTheDocument();

  act(() => screen.getByRole('button', { name: 'I agree' }).click());
  expect(agreement()).not.toBeInTheDocument();
  const heading = screen.getByRole('heading', { level: 1 });
  expect(heading).toHaveFocus();
  expect(document.body).not.toHaveFocus();
  expect(localStorage.getItem(AGREEMENT_KEY)).toBeTruthy();
});

test('a window of another part of the page (any shared Modal) also holds it back', async () => {
  function Page({ other }: { other: boolean }) {
    return (
      <>
        <Modal open={other} onClose={() => undefined} title="Chat">
          <p>Hello</p>
        </Modal>
        <AgreementPrompt />
      </>
    );
  }
  const { rerender } = render(<Page other />);
  await act(async () => jest.advanceTimersByTime(AGREEMENT_DELAY_MS));
  expect(agreement()).not.toBeInTheDocument();
  rerender(<Page other={false} />);
  expect(agreement()).toBeInTheDocument();
});

test('once shown it stays shown: a window opened under it does not close it', async () => {
  function Page({ other }: { other: boolean }) {
    return (
      <>
        <AgreementPrompt />
        <Modal open={other} onClose={() => undefined} title="Chat">
          <p>Hello</p>
        </Modal>
      </>
    );
  }
  const { rerender } = render(<Page other={false} />);
  await act(async () => jest.advanceTimersByTime(AGREEMENT_DELAY_MS));
  expect(agreement()).toBeInTheDocument();
  rerender(<Page other />);
  expect(agreement()).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
  expect(agreement()).not.toBeInTheDocument();
});
