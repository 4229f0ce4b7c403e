import { act, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '../i18n/i18n';
import { Carousel } from './carousel';

const slides = [
  { image: null, html: '<p>First</p>' },
  { image: null, html: '<p>Second</p>' },
  { image: null, html: '<p>Third</p>' },
];
const INTERVAL = 5000;

/** A `matchMedia` that answers `reduce` for prefers-reduced-motion, as a system with reduced motion does. */
function systemMotion(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  window.matchMedia = jest.fn().mockReturnValue(list) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      reduce = next;
      listeners.forEach((fn) => fn());
    },
  };
}

/** The slide on show (its html loads asynchronously the first time). */
const shown = () => screen.getByRole('group').textContent;

async function renderCarousel() {
  render(<Carousel slides={slides} interval={INTERVAL} />);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(0);
  });
  await screen.findByText('First');
}

async function wait(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
  // jsdom has no matchMedia of its own.
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('Carousel rotation', () => {
  it('advances by itself until the member presses pause, and again after play', async () => {
    systemMotion(false);
    await renderCarousel();
    await wait(INTERVAL);
    expect(shown()).toBe('Second');

    fireEvent.click(screen.getByRole('button', { name: 'Pause banner rotation' }));
    await wait(INTERVAL * 3);
    expect(shown()).toBe('Second');

    fireEvent.click(screen.getByRole('button', { name: 'Play banner rotation' }));
    await wait(INTERVAL);
    expect(shown()).toBe('Third');
    expect(screen.getByRole('button', { name: 'Pause banner rotation' })).toBeVisible();
  });

  it('holds still while the mouse is over it and while focus is inside', async () => {
    await renderCarousel();
    const carousel = screen.getByRole('region', { name: 'Banners' });

    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    await wait(INTERVAL * 2);
    expect(shown()).toBe('First');
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    await wait(INTERVAL);
    expect(shown()).toBe('Second');

    act(() => screen.getByRole('button', { name: 'Next banner' }).focus());
    expect(shown()).toBe('Second');
    await wait(INTERVAL * 2);
    expect(shown()).toBe('Second');
    act(() => screen.getByRole('button', { name: 'Next banner' }).blur());
    await wait(INTERVAL);
    expect(shown()).toBe('Third');
  });

  it('stopped by keyboard focus, it offers play, which resumes with focus still inside', async () => {
    await renderCarousel();
    act(() => screen.getByRole('button', { name: 'Pause banner rotation' }).focus());
    await wait(INTERVAL * 2);
    expect(shown()).toBe('First');
    const play = screen.getByRole('button', { name: 'Play banner rotation' });
    expect(play).toHaveFocus();
    fireEvent.click(play);
    await wait(INTERVAL);
    expect(shown()).toBe('Second');
    expect(screen.getByRole('button', { name: 'Pause banner rotation' })).toHaveFocus();
  });

  it('never advances for a member who asked for reduced motion, and shows no pause button then', async () => {
    const motion = systemMotion(true);
    await renderCarousel();
    await wait(INTERVAL * 3);
    expect(shown()).toBe('First');
    expect(screen.queryByRole('button', { name: 'Pause banner rotation' })).not.toBeInTheDocument();
    // The member can still move through the banners by hand.
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 3' }));
    expect(shown()).toBe('Third');

    // The system setting is followed live.
    act(() => motion.set(false));
    await wait(INTERVAL);
    expect(shown()).toBe('First');
  });

  it('has no pause button when it does not rotate', async () => {
    render(<Carousel slides={slides} />);
    await screen.findByText('First');
    expect(screen.queryByRole('button', { name: /banner rotation/ })).not.toBeInTheDocument();
    await wait(INTERVAL * 2);
    expect(shown()).toBe('First');
  });
});
