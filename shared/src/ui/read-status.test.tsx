import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/i18n';
import { ReadStatus } from './read-status';

afterEach(async () => {
  jest.useRealTimers();
  await i18n.changeLanguage('en');
});

it('shows the delayed loader while loading, nothing once loaded', () => {
  jest.useFakeTimers();
  const { rerender } = render(<ReadStatus loading failed={false} />);
  act(() => jest.advanceTimersByTime(200));
  expect(screen.getByTestId('loader')).toBeInTheDocument();
  rerender(<ReadStatus loading={false} failed={false} />);
  expect(screen.queryByTestId('loader')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('says a read failed, in the page language, and retries on request', async () => {
  const retry = jest.fn();
  await i18n.changeLanguage('en');
  const { rerender } = render(<ReadStatus loading={false} failed onRetry={retry} />);
  expect(screen.getByRole('alert')).toHaveTextContent('Could not load this. Please try again.');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(retry).toHaveBeenCalledTimes(1);

  await act(() => i18n.changeLanguage('th'));
  rerender(<ReadStatus loading={false} failed onRetry={retry} />);
  expect(screen.getByRole('alert')).toHaveTextContent('โหลดข้อมูลไม่สำเร็จ');
  await act(() => i18n.changeLanguage('la'));
  expect(screen.getByRole('alert')).toHaveTextContent('ໂຫຼດຂໍ້ມູນບໍ່ສຳເລັດ');
});

it('shows the part’s own message and no button without onRetry', () => {
  render(<ReadStatus loading={false} failed message="The prize wheel could not be loaded." />);
  expect(screen.getByRole('alert')).toHaveTextContent('The prize wheel could not be loaded.');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
