import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { bonusApi, type Activation, type Promotion } from './api';
import { PromotionForm } from './promotion';
import { record, refusal, THB } from './test-fixtures';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

const NOTICE = 'If the turnover requirement is not met, only {percentFail}% of the bonus can be withdrawn.';

const happy: Promotion = {
  code: 'HAPPY2027',
  percentFail: 20,
  description: '<p>New year <b>100%</b></p><script>window.hacked = true</script>',
};

const activation: Activation = {
  _id: 'act9',
  isActive: true,
  received: [{ updatedAt: '2026-11-24T05:00:00.000Z' }],
  code: 'NEWYEAR',
  amount: 20_000,
  turnover: { needed: 100_000, done: 0, percent: 0 },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function closeAlert(name: string) {
  const alert = await screen.findByRole('alertdialog', { name });
  await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
}

test('the code is upper case as it is typed, and searched in upper case with a searching line meanwhile', async () => {
  const answer = deferred<Promotion | Record<string, never>>();
  const find = jest.spyOn(bonusApi, 'findPromotion').mockReturnValue(answer.promise);
  render(<PromotionForm format={THB} notice={NOTICE} onReceived={jest.fn()} />);
  const input = screen.getByRole('textbox', { name: /Promotion code/ });
  expect(input).toBe(screen.getByTestId('promotion-input'));
  expect(input).toBeRequired();
  await userEvent.type(input, 'happy2027');
  expect(input).toHaveValue('HAPPY2027');
  await userEvent.click(screen.getByTestId('promotion-search'));
  expect(find).toHaveBeenCalledWith('HAPPY2027');
  expect(await screen.findByText('Searching…')).toBeInTheDocument();
  answer.resolve({});
  expect(await screen.findByTestId('promotion-not-found')).toHaveTextContent('Promotion code not found');
  expect(screen.queryByText('Searching…')).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('an empty code is not searched: the field says it is required', async () => {
  const find = jest.spyOn(bonusApi, 'findPromotion');
  render(<PromotionForm format={THB} notice={NOTICE} onReceived={jest.fn()} />);
  await userEvent.type(screen.getByTestId('promotion-input'), '   ');
  await userEvent.click(screen.getByTestId('promotion-search'));
  expect(await screen.findByText('Please fill in this field')).toBeInTheDocument();
  expect(screen.getByTestId('promotion-input')).toHaveAttribute('aria-invalid', 'true');
  expect(find).not.toHaveBeenCalled();
});

test('a found promotion opens its window: sanitized description, notice with its percentFail, receive', async () => {
  jest.spyOn(bonusApi, 'findPromotion').mockResolvedValue(happy);
  const activate = jest.spyOn(bonusApi, 'activatePromotion').mockResolvedValue(activation);
  const changes = record('wallet:changed');
  const onReceived = jest.fn();
  render(<PromotionForm format={THB} notice={NOTICE} onReceived={onReceived} />);
  await userEvent.type(screen.getByTestId('promotion-input'), 'happy2027{Enter}');

  const modal = await screen.findByRole('dialog', { name: 'Promotion HAPPY2027' });
  const description = within(modal).getByTestId('promotion-description');
  await waitFor(() => expect(description.innerHTML).toContain('<b>100%</b>'));
  expect(description.innerHTML).not.toContain('script');
  expect(within(modal).getByTestId('promotion-notice')).toHaveTextContent(
    'If the turnover requirement is not met, only 20% of the bonus can be withdrawn.',
  );

  await userEvent.click(within(modal).getByTestId('promotion-receive'));
  expect(activate).toHaveBeenCalledWith('HAPPY2027', expect.stringMatching(/^[0-9a-f-]{36}$/));
  const success = await screen.findByRole('alertdialog', { name: 'Success' });
  expect(success).toHaveTextContent('Promotion received: 200.00 baht');
  expect(screen.queryByRole('dialog', { name: 'Promotion HAPPY2027' })).not.toBeInTheDocument();
  expect(onReceived).toHaveBeenCalledTimes(1);
  expect(changes.events).toEqual([{ reason: 'bonus' }]);
  expect(screen.getByTestId('promotion-input')).toHaveValue('');
  changes.stop();
  await closeAlert('Success');
});

test('a promotion already received: an error dialog titled error with the translated reason', async () => {
  jest.spyOn(bonusApi, 'findPromotion').mockResolvedValue(happy);
  jest.spyOn(bonusApi, 'activatePromotion').mockRejectedValue(refusal('PROMOTION_RECEIVED', 409));
  const onReceived = jest.fn();
  render(<PromotionForm format={THB} notice={NOTICE} onReceived={onReceived} />);
  await userEvent.type(screen.getByTestId('promotion-input'), 'HAPPY2027');
  await userEvent.click(screen.getByTestId('promotion-search'));
  await userEvent.click(await screen.findByTestId('promotion-receive'));
  const alert = await screen.findByRole('alertdialog', { name: 'Error' });
  expect(alert).toHaveTextContent('You have already received this promotion.');
  expect(onReceived).not.toHaveBeenCalled();
  await closeAlert('Error');
  // The promotion window stays open behind the error.
  expect(screen.getByRole('dialog', { name: 'Promotion HAPPY2027' })).toBeInTheDocument();
});

test('a deposit too small for the promotion says to deposit first', async () => {
  jest.spyOn(bonusApi, 'findPromotion').mockResolvedValue(happy);
  jest.spyOn(bonusApi, 'activatePromotion').mockRejectedValue(refusal('BONUS_CONDITION', 400, 'deposit'));
  render(<PromotionForm format={THB} notice={NOTICE} onReceived={jest.fn()} />);
  await userEvent.type(screen.getByTestId('promotion-input'), 'HAPPY2027');
  await userEvent.click(screen.getByTestId('promotion-search'));
  await userEvent.click(await screen.findByTestId('promotion-receive'));
  expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent(
    'Make a deposit first to receive this bonus',
  );
  await closeAlert('Error');
});

test('typing again hides the not-found line', async () => {
  jest.spyOn(bonusApi, 'findPromotion').mockResolvedValue({});
  render(<PromotionForm format={THB} notice={NOTICE} onReceived={jest.fn()} />);
  await userEvent.type(screen.getByTestId('promotion-input'), 'nope{Enter}');
  expect(await screen.findByTestId('promotion-not-found')).toBeInTheDocument();
  await userEvent.type(screen.getByTestId('promotion-input'), 'x');
  expect(screen.queryByTestId('promotion-not-found')).not.toBeInTheDocument();
});
