import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { conditionsApi } from './conditions/api';
import { BonusPage } from './bonus/bonus-page';
import { ConditionsModal } from './conditions/conditions-modal';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

test('the bonus page shows its title and a coming-soon line', () => {
  render(<BonusPage />);
  expect(screen.getByRole('heading', { name: 'Bonuses' })).toBeInTheDocument();
  expect(screen.getByText('This page is coming soon.')).toBeInTheDocument();
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
