import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, IDEMPOTENCY_HEADER, setLocale } from '@wallet/shared';
import { bonusApi, type Activation } from './api';
import { BonusModal } from './bonus-modal';
import { bonus, LAK, record, refusal, THB } from './test-fixtures';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

const NOTICE = 'If the turnover requirement is not met, only {percentFail}% of the bonus can be withdrawn.';

const activation: Activation = {
  _id: 'act1',
  isActive: true,
  received: [{ updatedAt: '2026-11-24T05:00:00.000Z' }],
  code: 'WELCOME',
  amount: 5_000,
  turnover: { needed: 75_000, done: 0, percent: 0 },
};

async function closeAlert(name: string) {
  const alert = await screen.findByRole('alertdialog', { name });
  await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

test('the window shows the banners, the rules and the notice with the bonus percentFail', async () => {
  const welcome = bonus('WELCOME', {
    name: 'Welcome bonus 50%',
    percentFail: 15,
    banners: [
      { image: '/media/a.svg', html: '<p>First slide</p>' },
      { image: '/media/b.svg', html: '<p>Second slide</p>' },
    ],
  });
  render(<BonusModal bonus={welcome} format={THB} notice={NOTICE} anyActive={false} onClose={jest.fn()} />);
  const modal = screen.getByRole('dialog', { name: 'Welcome bonus 50%' });
  expect(within(modal).getByRole('region', { name: 'Banners' })).toBeInTheDocument();
  expect(await within(modal).findByText('First slide')).toBeInTheDocument();
  const rules = within(modal).getByTestId('bonus-rules');
  expect(rules).toHaveTextContent('50% up to 500.00 baht');
  expect(rules).toHaveTextContent('Minimum deposit100.00 baht');
  expect(rules).toHaveTextContent('At most 1 in total');
  expect(rules).toHaveTextContent('5 × (deposit + bonus)');
  expect(rules).toHaveTextContent('Slots: 100% of each bet');
  expect(rules).toHaveTextContent('Sport and casino: 50% of each bet');
  expect(rules).toHaveTextContent('Lotto: 0% of each bet');
  expect(rules).toHaveTextContent('May be cancelled before the turnover is met');
  expect(within(modal).getByTestId('bonus-notice')).toHaveTextContent(
    'If the turnover requirement is not met, only 15% of the bonus can be withdrawn.',
  );
  expect(within(modal).getByTestId('bonus-receive')).toBeInTheDocument();
  expect(within(modal).queryByTestId('bonus-confirm')).not.toBeInTheDocument();
});

test('receive sends the activation with a fresh Idempotency-Key, then says how much was received', async () => {
  const get = jest.spyOn(http, 'get').mockResolvedValue({ data: activation });
  const changes = record('wallet:changed');
  const onClose = jest.fn();
  render(
    <BonusModal bonus={bonus('WELCOME')} format={THB} notice={NOTICE} anyActive={false} onClose={onClose} />,
  );
  await userEvent.click(screen.getByTestId('bonus-receive'));
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  expect(get).toHaveBeenCalledTimes(1);
  const [url, config] = get.mock.calls[0]!;
  expect(url).toBe('/api/bonus/activate/WELCOME');
  const headers = (config?.headers ?? {}) as Record<string, string>;
  expect(headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
  expect(await screen.findByRole('alertdialog', { name: 'Success' })).toHaveTextContent(
    'Bonus received: 50.00 baht',
  );
  expect(changes.events).toEqual([{ reason: 'bonus' }]);
  changes.stop();
  await closeAlert('Success');
});

test('while a bonus is active only a confirm button shows, and it just closes', async () => {
  const activate = jest.spyOn(bonusApi, 'activate');
  const onClose = jest.fn();
  render(<BonusModal bonus={bonus('DAILY')} format={THB} notice={NOTICE} anyActive onClose={onClose} />);
  expect(screen.queryByTestId('bonus-receive')).not.toBeInTheDocument();
  expect(screen.getByTestId('bonus-modal-active')).toHaveTextContent('You already have an active bonus');
  await userEvent.click(screen.getByTestId('bonus-confirm'));
  expect(onClose).toHaveBeenCalledWith(false);
  expect(activate).not.toHaveBeenCalled();
});

test('a deposit below the minimum: the error dialog says how much to deposit', async () => {
  jest.spyOn(bonusApi, 'activate').mockRejectedValue(refusal('BONUS_CONDITION', 400, 'deposit'));
  const onClose = jest.fn();
  render(
    <BonusModal
      bonus={bonus('WELCOME', { minDeposit: 60_000 })}
      format={LAK}
      notice={NOTICE}
      anyActive={false}
      onClose={onClose}
    />,
  );
  await userEvent.click(screen.getByTestId('bonus-receive'));
  expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
    'Deposit at least 60,000 kip to receive this bonus',
  );
  expect(onClose).not.toHaveBeenCalled();
  await closeAlert('Error');
});

test('the minimum the server names in its refusal wins over the listed one', async () => {
  const error = refusal('BONUS_CONDITION', 400, 'deposit', 25_000);
  jest.spyOn(bonusApi, 'activate').mockRejectedValue(error);
  render(
    <BonusModal
      bonus={bonus('WELCOME')}
      format={THB}
      notice={NOTICE}
      anyActive={false}
      onClose={jest.fn()}
    />,
  );
  await userEvent.click(screen.getByTestId('bonus-receive'));
  expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
    'Deposit at least 250.00 baht to receive this bonus',
  );
  await closeAlert('Error');
});

test('other refusals show their translated message in the error dialog', async () => {
  jest.spyOn(bonusApi, 'activate').mockRejectedValue(refusal('BONUS_MAX_CLAIMED', 409));
  render(
    <BonusModal
      bonus={bonus('WELCOME')}
      format={THB}
      notice={NOTICE}
      anyActive={false}
      onClose={jest.fn()}
    />,
  );
  await userEvent.click(screen.getByTestId('bonus-receive'));
  expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
    'You have already claimed this bonus the maximum number of times.',
  );
  await closeAlert('Error');
});

test('without the notice text the window still states the percentFail', () => {
  render(
    <BonusModal
      bonus={bonus('FIXED', { reward: { kind: 'fixed', percent: 0, amount: 5_000, cap: 0 }, minDeposit: 0 })}
      format={THB}
      notice={null}
      anyActive={false}
      onClose={jest.fn()}
    />,
  );
  expect(screen.getByTestId('bonus-notice')).toHaveTextContent('only 10% of the bonus can be kept');
  expect(screen.getByTestId('bonus-rules')).toHaveTextContent('50.00 baht');
  expect(screen.getByTestId('bonus-rules')).toHaveTextContent('No deposit needed');
});

test('a bonus that keeps nothing when cancelled says the whole bonus goes back, not “only 0%”', () => {
  render(
    <BonusModal
      bonus={bonus('PROMO', { percentFail: 0 })}
      format={THB}
      notice={NOTICE}
      anyActive={false}
      onClose={jest.fn()}
    />,
  );
  expect(screen.getByTestId('bonus-notice')).toHaveTextContent(
    'If the turnover requirement is not met, the whole bonus is taken back when it is cancelled.',
  );
  expect(screen.getByTestId('bonus-notice')).not.toHaveTextContent('0%');
});
