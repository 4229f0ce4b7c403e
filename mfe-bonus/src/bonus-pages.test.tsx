import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { conditionsApi } from './conditions/api';
import { BonusPage } from './bonus/bonus-page';
import { ConditionsModal } from './conditions/conditions-modal';
import { StatementPage } from './statement/statement-page';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

test('bonus and statement pages show their title and a coming-soon line', () => {
  render(<BonusPage />);
  expect(screen.getByRole('heading', { name: 'Bonuses' })).toBeInTheDocument();
  render(<StatementPage />);
  expect(screen.getByRole('heading', { name: 'Statement' })).toBeInTheDocument();
  expect(screen.getAllByText('This page is coming soon.')).toHaveLength(2);
});

test('the conditions modal lists the server conditions, sanitized, and closes', async () => {
  jest
    .spyOn(conditionsApi, 'conditions')
    .mockResolvedValue([
      '<b>Turnover 5x</b><script>window.hacked = true</script>',
      '<p onclick="x()">Max 1 per day</p>',
    ]);
  const onClose = jest.fn();
  render(<ConditionsModal onClose={onClose} />);
  expect(screen.getByRole('dialog', { name: 'Bonus conditions' })).toBeInTheDocument();
  const items = await screen.findAllByTestId('condition');
  expect(items).toHaveLength(2);
  expect(items[0]?.innerHTML).toContain('<b>Turnover 5x</b>');
  expect(items[0]?.innerHTML).not.toContain('script');
  expect(items[1]?.innerHTML).not.toContain('onclick');
  await userEvent.click(screen.getByTestId('conditions-close'));
  expect(onClose).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});
