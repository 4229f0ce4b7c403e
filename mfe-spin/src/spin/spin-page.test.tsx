import { render, screen } from '@testing-library/react';
import { setLocale } from '@wallet/shared';
import { SpinPage } from './spin-page';

test('shows the translated title and the coming-soon line', async () => {
  await setLocale('th');
  render(<SpinPage />);
  expect(screen.getByRole('heading', { name: 'วงล้อลุ้นรางวัล' })).toBeInTheDocument();
  expect(screen.getByText('วงล้อลุ้นรางวัลจะเปิดให้บริการเร็วๆ นี้')).toBeInTheDocument();
});
