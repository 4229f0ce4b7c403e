import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../i18n/i18n';
import { Carousel } from './carousel';
import { Html, sanitizeHtml } from './html';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('Html', () => {
  it('renders server html without scripts or handlers', async () => {
    const { container } = render(
      <Html html={'<p>Deposit <b>now</b></p><script>alert(1)</script><img src="x" onerror="alert(2)">'} />,
    );
    // DOMPurify loads on first use; until then the element stays empty.
    expect(await screen.findByText('now')).toBeInTheDocument();
    expect(container.querySelector('b')).toHaveTextContent('now');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
  });

  it('opens links in a new tab safely and drops javascript: urls', async () => {
    const clean = await sanitizeHtml(
      '<a href="https://example.com">site</a><a href="javascript:alert(1)">bad</a>',
    );
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).not.toContain('javascript:');
    expect(await sanitizeHtml(null)).toBe('');
  });
});

describe('Carousel', () => {
  const slides = [
    { image: '/b1.png', html: '<p>First</p>' },
    { image: '/b2.png', html: '<p>Second</p>' },
    { image: null, html: '<p>Third</p>' },
  ];

  it('moves with next, previous (wrapping) and the dots', async () => {
    const user = userEvent.setup();
    render(<Carousel slides={slides} />);
    expect(await screen.findByText('First')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(screen.getByText('Second')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show banner 3' }));
    expect(screen.getByText('Third')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show banner 3' })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Next banner' }));
    expect(screen.getByText('First')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous banner' }));
    expect(screen.getByText('Third')).toBeInTheDocument();
  });

  it('has no controls for a single banner and renders nothing for none', () => {
    const { rerender, container } = render(<Carousel slides={[slides[0]!]} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<Carousel slides={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
