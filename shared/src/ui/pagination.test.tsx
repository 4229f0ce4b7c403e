import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/i18n';
import { Pagination, pageCount, pageRange } from './pagination';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('pageRange', () => {
  it('shows 3 pages before the current one and 1 after, with the first and last', () => {
    expect(pageRange(7, 20)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]);
    expect(pageRange(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageRange(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(pageRange(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
  });

  it('shows a single missing page instead of a gap', () => {
    expect(pageRange(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pageRange(17, 20)).toEqual([1, 'gap', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('handles few pages and out-of-range input', () => {
    expect(pageRange(1, 1)).toEqual([1]);
    expect(pageRange(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageRange(99, 3)).toEqual([1, 2, 3]);
    expect(pageRange(1, 0)).toEqual([]);
  });

  it('counts pages', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});

describe('Pagination', () => {
  it('marks the current page and moves by page, previous and next', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    render(<Pagination page={1} pageCount={12} onPageChange={onPageChange} />);

    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Page 12' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange.mock.calls).toEqual([[12], [2]]);
  });

  it('renders nothing for one page', () => {
    const { container } = render(<Pagination page={1} pageCount={1} onPageChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
