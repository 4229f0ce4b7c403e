import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { agreementApi } from '../agreement/api';
import { homeApi } from '../common/wallet-api';
import { inviteApi } from '../invite/api';
import { refundApi } from '../refund/api';
import { AGREEMENT_KEY } from '../agreement/agreement-storage';
import { record, snapshot } from '../test-support/fixtures';
import { homeTestSetup, renderHome } from '../../test/home';

// The windows the home opens by itself or from its cards: the agreement, the banners, the invite bonus.
homeTestSetup();

describe('agreement', () => {
  test('appears 1.5 s after the home loads; confirming closes it and remembers it', async () => {
    localStorage.removeItem(AGREEMENT_KEY);
    jest.useFakeTimers();
    jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
    renderHome();
    await screen.findByTestId('home-name');
    act(() => jest.advanceTimersByTime(1400));
    expect(screen.queryByTestId('agreement-modal')).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(100));
    expect(await screen.findByTestId('agreement-modal')).toHaveTextContent('Play fair');
    act(() => screen.getByTestId('agreement-confirm').click());
    expect(screen.queryByTestId('agreement-modal')).not.toBeInTheDocument();
    expect(localStorage.getItem(AGREEMENT_KEY)).toBeTruthy();
  });

  test('appears also when the wallet load fails, beside the failure message', async () => {
    localStorage.removeItem(AGREEMENT_KEY);
    jest.useFakeTimers();
    jest.spyOn(homeApi, 'wallet').mockRejectedValue(new Error('offline'));
    renderHome();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your wallet');
    expect(screen.queryByTestId('agreement-modal')).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1500));
    expect(await screen.findByTestId('agreement-modal')).toHaveTextContent('Play fair');
    act(() => screen.getByTestId('agreement-confirm').click());
    expect(screen.queryByTestId('agreement-modal')).not.toBeInTheDocument();
    expect(localStorage.getItem(AGREEMENT_KEY)).toBeTruthy();
  });

  test('does not wait for a wallet load that never answers', async () => {
    localStorage.removeItem(AGREEMENT_KEY);
    jest.useFakeTimers();
    jest.spyOn(homeApi, 'wallet').mockReturnValue(new Promise(() => undefined));
    renderHome();
    await act(async () => jest.advanceTimersByTime(1500));
    expect(await screen.findByTestId('agreement-modal')).toHaveTextContent('Play fair');
    expect(screen.queryByTestId('home-name')).not.toBeInTheDocument();
  });

  test('does not appear when remembered', async () => {
    jest.useFakeTimers();
    jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
    renderHome();
    await screen.findByTestId('home-name');
    await act(async () => jest.advanceTimersByTime(3000));
    expect(screen.queryByTestId('agreement-modal')).not.toBeInTheDocument();
    expect(agreementApi.agreements).not.toHaveBeenCalled();
  });
});

describe('banners before the invite and refund modals', () => {
  beforeEach(() => {
    jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
    jest.spyOn(inviteApi, 'list').mockResolvedValue({ invites: [], total: 0 });
    jest.spyOn(refundApi, 'list').mockResolvedValue({ refunds: [], total: 0 });
    jest.spyOn(refundApi, 'check').mockResolvedValue({
      result: false,
      bonus: false,
      info: '',
      refundAmount: 0,
      refundSuccess: 0,
      refundFail: 0,
      receivedAmount: 0,
      period: { from: '2026-11-16', to: '2026-11-22' },
    });
  });

  test('no banners: the plain modal opens at once', async () => {
    jest.spyOn(inviteApi, 'banners').mockResolvedValue([]);
    renderHome();
    await userEvent.click(await screen.findByTestId('widget-invite'));
    expect(await screen.findByTestId('invite-modal')).toBeInTheDocument();
    expect(screen.queryByTestId('banners-modal')).not.toBeInTheDocument();
  });

  test('with banners: the carousel first, and the modal when it closes', async () => {
    jest.spyOn(refundApi, 'banners').mockResolvedValue([{ image: '/b1.png', html: '<p>Cashback week</p>' }]);
    renderHome();
    await userEvent.click(await screen.findByTestId('widget-refund'));
    expect(await screen.findByTestId('banners-modal')).toHaveTextContent('Cashback week');
    expect(screen.queryByTestId('refund-modal')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('banners-continue'));
    expect(await screen.findByTestId('refund-modal')).toBeInTheDocument();
    expect(screen.queryByTestId('banners-modal')).not.toBeInTheDocument();
  });
});

describe('receiving the invite bonus', () => {
  test('the confirm dialog shows the success and failure percentages when an invitation succeeded', async () => {
    jest
      .spyOn(homeApi, 'wallet')
      .mockResolvedValue(snapshot({ invite: { amount: 15000, success: 3, fail: 1 } }));
    const receive = jest
      .spyOn(inviteApi, 'receive')
      .mockResolvedValue({ amount: 15000, message: 'INVITE_BONUS_SUCCESS' });
    const toasts = record('toast');
    const changes = record('wallet:changed');
    renderHome();
    await userEvent.click(await screen.findByTestId('home-invite-receive'));
    const dialog = await screen.findByTestId('invite-receive-confirm');
    expect(dialog).toHaveTextContent('Receive 150.00 baht into your wallet?');
    expect(screen.getByTestId('invite-success-percent')).toHaveTextContent('Success 75%');
    expect(screen.getByTestId('invite-fail-percent')).toHaveTextContent('Failure 25%');
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(receive).toHaveBeenCalledWith(expect.any(String)));
    await waitFor(() =>
      expect(toasts.events).toContainEqual({
        kind: 'success',
        message: '150.00 baht was added to your wallet.',
      }),
    );
    expect(changes.events).toContainEqual({ reason: 'invite' });
    toasts.stop();
    changes.stop();
  });

  test('no percentages when no invitation succeeded; a refusal is a danger toast', async () => {
    jest
      .spyOn(homeApi, 'wallet')
      .mockResolvedValue(snapshot({ invite: { amount: 5000, success: 0, fail: 2 } }));
    const { ApiError } = jest.requireActual('@wallet/shared');
    jest
      .spyOn(inviteApi, 'receive')
      .mockRejectedValue(new ApiError('NO_INVITE_BONUS', 400, 'No invite bonus'));
    const toasts = record('toast');
    renderHome();
    await userEvent.click(await screen.findByTestId('home-invite-receive'));
    await screen.findByTestId('invite-receive-confirm');
    expect(screen.queryByTestId('invite-success-percent')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invite-fail-percent')).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(toasts.events).toContainEqual({ kind: 'error', message: 'No invite bonus' }));
    toasts.stop();
  });
});
