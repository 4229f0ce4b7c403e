import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { inviteApi } from './api';
import { record, snapshot, THB } from '../test-support/fixtures';
import { InviteModal } from './invite-modal';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

test('counts, amount, the registration link and the invitees (name, amount, date), 10 a page', async () => {
  const list = jest.spyOn(inviteApi, 'list').mockResolvedValue({
    invites: [{ from: { name: 'Nok' }, amount: 5000, createdAt: '2024-05-01T10:00:00.000Z' }],
    total: 12,
  });
  render(
    <InviteModal
      open
      snapshot={snapshot({ invite: { amount: 5000, success: 4, fail: 1 } })}
      format={THB}
      onClose={jest.fn()}
    />,
  );
  expect(screen.getByTestId('invite-success-count')).toHaveTextContent('4');
  expect(screen.getByTestId('invite-fail-count')).toHaveTextContent('1');
  expect(screen.getByTestId('invite-amount')).toHaveTextContent('50.00');
  expect(screen.getByTestId('invite-link')).toHaveTextContent('/register?code=WLu1');
  const row = (await screen.findByText('Nok')).closest('tr')!;
  expect(within(screen.getByTestId('invite-table')).getAllByRole('row')).toHaveLength(2);
  expect(row).toHaveTextContent('50.00');
  expect(row).toHaveTextContent('01/05/2024 10:00:00');
  expect(list).toHaveBeenCalledWith(1, 10);
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(list).toHaveBeenLastCalledWith(2, 10));
});

test('a failed list is silent', async () => {
  jest.spyOn(inviteApi, 'list').mockRejectedValue(new Error('down'));
  const toasts = record('toast');
  render(<InviteModal open snapshot={snapshot()} format={THB} onClose={jest.fn()} />);
  expect(await screen.findByText('No invited friends yet.')).toBeInTheDocument();
  expect(screen.getByTestId('invite-receive')).toBeDisabled();
  expect(toasts.events).toEqual([]);
  toasts.stop();
});
