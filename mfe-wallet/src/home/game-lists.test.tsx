import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { moneyFormat } from '../common/money';
import { game, THB } from '../test-support/fixtures';
import { GameLists } from './game-lists';

const GAMES = [
  game('PG', { name: 'PG Soft', isActive: true, amount: 2550, ftWalletSlot: 2 }),
  game('SEXYGAME', { name: 'Sexy Baccarat', category: 'sport' }),
  game('HUAYHD', { name: 'Huay HD', category: 'lotto', isActive: true, amount: 0, ftWalletSlot: 1 }),
];

function renderLists(onOpen = jest.fn(), format = THB) {
  render(<GameLists games={GAMES} format={format} onOpen={onOpen} />);
  return onOpen;
}

afterEach(() => act(() => setLocale('en')));

test('a card shows its name as text and its translated category badge, and is named by what it shows, in order', async () => {
  await act(() => setLocale('th'));
  renderLists();
  const pg = screen.getByTestId('game-card-PG');
  expect(within(pg).getByTestId('game-name-PG')).toHaveTextContent(/^PG Soft$/);
  expect(within(pg).getByTestId('game-badge-PG')).toHaveTextContent(/^สล็อต$/);
  expect(screen.getByTestId('game-badge-SEXYGAME')).toHaveTextContent(/^กีฬาและคาสิโน$/);
  expect(screen.getByTestId('game-badge-HUAYHD')).toHaveTextContent(/^หวย$/);
  // The button's accessible name is its visible text in reading order (badge, name, status); the logo is decorative.
  expect(screen.getByRole('button', { name: 'กีฬาและคาสิโน Sexy Baccarat แตะเพื่อเปิดบัญชี' })).toBe(
    screen.getByTestId('game-card-SEXYGAME'),
  );
  expect(screen.getByRole('button', { name: 'สล็อต PG Soft 25.50 มูลค่าสล็อต 51.00' })).toBe(pg);
});

test('the badge follows the language: Lao and English', async () => {
  await act(() => setLocale('la'));
  renderLists();
  expect(screen.getByTestId('game-badge-PG')).toHaveTextContent(/^ສະລັອດ$/);
  expect(screen.getByTestId('game-badge-SEXYGAME')).toHaveTextContent(/^ກິລາ ແລະ ຄາສິໂນ$/);
  expect(screen.getByTestId('game-open-prompt-SEXYGAME')).toHaveTextContent('ແຕະເພື່ອເປີດບັນຊີ');
  await act(() => setLocale('en'));
  expect(screen.getByTestId('game-badge-SEXYGAME')).toHaveTextContent(/^Sport & casino$/);
  expect(screen.getByTestId('game-badge-HUAYHD')).toHaveTextContent(/^Lotto$/);
});

test('the logo comes from the game list and is decorative beside the written name; a long name keeps its full title', () => {
  renderLists();
  const logo = screen.getByTestId('game-logo-PG');
  expect(logo).toHaveAttribute('src', '/logos/PG.png');
  expect(logo).toHaveAttribute('alt', '');
  expect(screen.getByTestId('game-name-SEXYGAME')).toHaveAttribute('title', 'Sexy Baccarat');
  // The art is the card's background, not an image with words of its own.
  expect(screen.getByTestId('game-card-HUAYHD')).toHaveStyle({
    backgroundImage: 'url("/backgrounds/HUAYHD.jpg")',
  });
});

test('an open account shows the amount and its slot value; an unopened one the prompt only', () => {
  renderLists();
  expect(screen.getByTestId('game-amount-PG')).toHaveTextContent(/^25\.50$/);
  expect(screen.getByTestId('game-factor-PG')).toHaveTextContent(/^Slot value 51\.00$/);
  expect(screen.getByTestId('game-amount-HUAYHD')).toHaveTextContent(/^0\.00$/);
  expect(screen.queryByTestId('game-open-prompt-PG')).not.toBeInTheDocument();
  expect(screen.queryByTestId('game-amount-SEXYGAME')).not.toBeInTheDocument();
  expect(screen.getByTestId('game-open-prompt-SEXYGAME')).toHaveTextContent('Tap to open an account');
});

test('kip amounts are whole kip on the card', () => {
  render(
    <GameLists
      games={[game('PG', { name: 'PG Soft', isActive: true, amount: 250_000, ftWalletSlot: 2 })]}
      format={moneyFormat('LAK')}
      onOpen={jest.fn()}
    />,
  );
  expect(screen.getByTestId('game-amount-PG')).toHaveTextContent(/^250,000$/);
});

test('tapping a card opens that game', async () => {
  const onOpen = renderLists();
  await userEvent.click(screen.getByRole('button', { name: /^Lotto Huay HD/ }));
  expect(onOpen).toHaveBeenCalledWith('HUAYHD');
});

describe('the art of cards far below the screen', () => {
  /** A stand-in for the browser's IntersectionObserver: the test says which cards the screen comes near. */
  class FakeObserver {
    static all: FakeObserver[] = [];
    readonly watched = new Set<Element>();
    readonly options: IntersectionObserverInit | undefined;
    constructor(
      private readonly callback: IntersectionObserverCallback,
      options?: IntersectionObserverInit,
    ) {
      this.options = options;
      FakeObserver.all.push(this);
    }
    observe(target: Element) {
      this.watched.add(target);
    }
    unobserve(target: Element) {
      this.watched.delete(target);
    }
    disconnect() {
      this.watched.clear();
    }
    static comeNear(target: Element) {
      for (const o of FakeObserver.all.filter((x) => x.watched.has(target)))
        o.callback(
          [{ target, isIntersecting: true } as IntersectionObserverEntry],
          o as unknown as IntersectionObserver,
        );
    }
  }

  beforeEach(() => {
    FakeObserver.all = [];
    Object.defineProperty(window, 'IntersectionObserver', {
      configurable: true,
      writable: true,
      value: FakeObserver,
    });
  });
  afterEach(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  test('is neither fetched nor painted until the card comes within half a screen, then stays', () => {
    const { unmount } = render(<GameLists games={GAMES} format={THB} onOpen={jest.fn()} />);
    const pg = screen.getByTestId('game-card-PG');
    const huay = screen.getByTestId('game-card-HUAYHD');
    // No picture yet: no background, no logo image (nothing to fetch), the card's own colour and text only.
    expect(pg.style.backgroundImage).toBe('');
    expect(screen.queryByTestId('game-logo-PG')).not.toBeInTheDocument();
    expect(within(pg).getByTestId('game-name-PG')).toHaveTextContent('PG Soft');
    expect(FakeObserver.all.map((o) => o.options?.rootMargin)).toEqual(['50% 0px 50% 0px']);

    act(() => FakeObserver.comeNear(pg));
    expect(pg).toHaveStyle({ backgroundImage: 'url("/backgrounds/PG.jpg")' });
    expect(screen.getByTestId('game-logo-PG')).toHaveAttribute('src', '/logos/PG.png');
    // Only that card: the one further down still waits, and the card that showed is watched no more.
    expect(huay.style.backgroundImage).toBe('');
    expect(screen.queryByTestId('game-logo-HUAYHD')).not.toBeInTheDocument();
    expect(FakeObserver.all[0]?.watched.has(pg)).toBe(false);
    expect(FakeObserver.all[0]?.watched.has(huay)).toBe(true);

    act(() => FakeObserver.comeNear(huay));
    expect(huay).toHaveStyle({ backgroundImage: 'url("/backgrounds/HUAYHD.jpg")' });
    unmount();
    expect(FakeObserver.all[0]?.watched.size).toBe(0);
  });
});
