import { createHash, createHmac, webcrypto } from 'node:crypto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setLocale } from '@wallet/shared';
import { verifyApi, type Draw, type DrawPage, type Fairness } from './api';
import { VerifyPage } from './verify-page';

beforeAll(async () => {
  if (!globalThis.crypto?.subtle)
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  await setLocale('en');
});
afterEach(() => jest.restoreAllMocks());

const SEED = 'ab'.repeat(32);
const HASH = createHash('sha256').update(SEED).digest('hex');
const WEIGHTS = [50, 30, 15, 5];
const CODES = ['NONE', 'COIN1', 'CASH50', 'JACKPOT'];

/** Where spin `nonce` lands, computed on the server's side with node:crypto (docs/spin.md). */
function nodeSlice(nonce: number, clientSeed = 'player'): number {
  const total = WEIGHTS.reduce((a, b) => a + b, 0);
  const limit = 2 ** 32 - (2 ** 32 % total);
  for (let round = 0; ; round += 1) {
    const bytes = createHmac('sha256', SEED).update(`${clientSeed}:${nonce}:${round}`).digest();
    for (let i = 0; i < 32; i += 4) {
      const word = bytes.readUInt32BE(i);
      if (word < limit) {
        let r = word % total;
        return WEIGHTS.findIndex((w) => (r -= w) < 0);
      }
    }
  }
}

function draw(nonce: number, revealed: boolean, overrides: Partial<Draw> = {}): Draw {
  const index = nodeSlice(nonce);
  return {
    _id: `d${nonce}`,
    createdAt: '2026-11-20T08:30:00.000Z',
    seedId: 's1',
    serverSeedHash: HASH,
    serverSeed: revealed ? SEED : null,
    clientSeed: 'player',
    nonce,
    weights: WEIGHTS,
    codes: CODES,
    sliceIndex: index,
    code: CODES[index]!,
    ...overrides,
  };
}

function fairness(current: Partial<Fairness['current']> = {}): Fairness {
  return {
    current: { serverSeedHash: 'c0ffee'.repeat(10), clientSeed: 'player', nextNonce: 3, ...current },
    revealed: [],
  };
}

const page = (draws: Draw[], total = draws.length): DrawPage => ({ total, draws });

function renderVerify() {
  return render(
    <MemoryRouter initialEntries={['/user/spin/verify']}>
      <Routes>
        <Route path="/user/spin/verify" element={<VerifyPage />} />
        <Route path="/user/spin" element={<h1>The wheel</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByTestId('spin-draw');

/** Renders the page and waits until both the commitment and the first page of spins are read. */
async function renderLoaded() {
  const view = renderVerify();
  await screen.findByTestId('spin-fair-hash');
  await waitFor(() => expect(verifyApi.draws).toHaveBeenCalled());
  await act(async () => undefined);
  return view;
}

test('shows the commitment of the next spins: server seed hash, client seed and next nonce', async () => {
  jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
  jest.spyOn(verifyApi, 'draws').mockResolvedValue(page([]));
  renderVerify();
  expect(await screen.findByTestId('spin-fair-hash')).toHaveTextContent('c0ffee'.repeat(10));
  expect(screen.getByTestId('spin-fair-client-seed')).toHaveTextContent('player');
  expect(screen.getByTestId('spin-fair-nonce')).toHaveTextContent('3');
  expect(await screen.findByText('You have not spun yet.')).toBeInTheDocument();
});

test('the link goes back to the wheel', async () => {
  jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
  jest.spyOn(verifyApi, 'draws').mockResolvedValue(page([]));
  await renderLoaded();
  await userEvent.click(screen.getByRole('link', { name: 'Back to the wheel' }));
  expect(await screen.findByRole('heading', { name: 'The wheel' })).toBeInTheDocument();
});

test('each spin shows date, nonce and slice; a revealed one is recomputed in the browser and verified', async () => {
  jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
  const revealed = draw(1, true);
  jest.spyOn(verifyApi, 'draws').mockResolvedValue(page([draw(2, false), revealed]));
  renderVerify();
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(verifyApi.draws).toHaveBeenCalledWith(1);

  const pending = within(rows()[0]!);
  expect(pending.getByTestId('spin-draw-nonce')).toHaveTextContent('Nonce 2');
  expect(pending.getByTestId('spin-draw-date')).toHaveTextContent('20/11/2026');
  expect(pending.getByText('Revealed when you rotate the seed')).toBeInTheDocument();
  expect(pending.queryByTestId('spin-draw-verify')).not.toBeInTheDocument();

  const done = within(rows()[1]!);
  expect(done.getByTestId('spin-draw-code')).toHaveTextContent(revealed.code);
  await userEvent.click(done.getByTestId('spin-draw-verify'));
  expect(await done.findByTestId('spin-draw-result')).toHaveTextContent(
    `Verified: lands on ${revealed.code}`,
  );
});

test('a revealed seed that is not the committed one does not match', async () => {
  jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
  jest
    .spyOn(verifyApi, 'draws')
    .mockResolvedValue(
      page([draw(4, true, { serverSeedHash: createHash('sha256').update('other').digest('hex') })]),
    );
  renderVerify();
  await waitFor(() => expect(rows()).toHaveLength(1));
  await userEvent.click(screen.getByTestId('spin-draw-verify'));
  const result = await screen.findByTestId('spin-draw-result');
  expect(result).toHaveTextContent('Does not match');
  expect(result).toHaveTextContent('The revealed seed is not the one whose hash was published.');
  expect(result).not.toHaveTextContent('Verified');
});

test('a recorded slice the draw does not land on does not match, and the page says where it lands', async () => {
  jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
  const honest = draw(5, true);
  const other = (honest.sliceIndex + 1) % CODES.length;
  jest
    .spyOn(verifyApi, 'draws')
    .mockResolvedValue(page([{ ...honest, sliceIndex: other, code: CODES[other]! }]));
  renderVerify();
  await waitFor(() => expect(rows()).toHaveLength(1));
  await userEvent.click(screen.getByTestId('spin-draw-verify'));
  const result = await screen.findByTestId('spin-draw-result');
  expect(result).toHaveTextContent('Does not match');
  expect(result).toHaveTextContent(`The draw lands on ${honest.code}, not on the recorded slice.`);
});

test('10 spins a page; the pagination asks the server for the next page', async () => {
  jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
  const draws = jest.spyOn(verifyApi, 'draws').mockImplementation(async (n: number) =>
    page(
      Array.from({ length: n === 1 ? 10 : 3 }, (_, i) => draw((n - 1) * 10 + i, false)),
      13,
    ),
  );
  renderVerify();
  await waitFor(() => expect(rows()).toHaveLength(10));
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(rows()).toHaveLength(3));
  expect(draws).toHaveBeenLastCalledWith(2);
  expect(within(rows()[0]!).getByTestId('spin-draw-nonce')).toHaveTextContent('Nonce 10');
});

describe('rotating the seed', () => {
  test('explains what rotating does', async () => {
    jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
    jest.spyOn(verifyApi, 'draws').mockResolvedValue(page([]));
    await renderLoaded();
    expect(
      screen.getByText(
        'Rotating reveals the current server seed so you can check your past spins with it, and starts a new secret seed for your next spins.',
      ),
    ).toBeInTheDocument();
  });

  test('a client seed outside 1–64 of A-Z a-z 0-9 _ - is refused before anything is sent', async () => {
    jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
    jest.spyOn(verifyApi, 'draws').mockResolvedValue(page([]));
    const rotate = jest.spyOn(verifyApi, 'rotate');
    await renderLoaded();
    const input = screen.getByLabelText('New client seed (optional)');
    await userEvent.type(input, 'my seed!');
    await userEvent.click(screen.getByTestId('spin-rotate'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use 1–64 characters: A–Z, a–z, 0–9, _ or -.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(rotate).not.toHaveBeenCalled();
  });

  test('reveals the seed: the new commitment shows and the spins become verifiable', async () => {
    jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness({ serverSeedHash: HASH, nextNonce: 1 }));
    const draws = jest
      .spyOn(verifyApi, 'draws')
      .mockResolvedValueOnce(page([draw(0, false)]))
      .mockResolvedValueOnce(page([draw(0, true)]));
    const rotate = jest
      .spyOn(verifyApi, 'rotate')
      .mockResolvedValue(
        fairness({ serverSeedHash: 'f00d'.repeat(16), clientSeed: 'my_seed-1', nextNonce: 0 }),
      );
    renderVerify();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Revealed when you rotate the seed')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New client seed (optional)'), 'my_seed-1');
    await userEvent.click(screen.getByTestId('spin-rotate'));
    expect(rotate).toHaveBeenCalledWith('my_seed-1');
    await waitFor(() => expect(screen.getByTestId('spin-fair-hash')).toHaveTextContent('f00d'.repeat(16)));
    expect(screen.getByTestId('spin-fair-client-seed')).toHaveTextContent('my_seed-1');
    expect(screen.getByTestId('spin-fair-nonce')).toHaveTextContent('0');
    expect(draws).toHaveBeenCalledTimes(2);
    await userEvent.click(await screen.findByTestId('spin-draw-verify'));
    expect(await screen.findByTestId('spin-draw-result')).toHaveTextContent(/^Verified: lands on /);
  });

  test('without a client seed the server picks one', async () => {
    jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
    jest.spyOn(verifyApi, 'draws').mockResolvedValue(page([]));
    const rotate = jest.spyOn(verifyApi, 'rotate').mockResolvedValue(fairness({ clientSeed: 'random1' }));
    await renderLoaded();
    await userEvent.click(screen.getByTestId('spin-rotate'));
    expect(rotate).toHaveBeenCalledWith(undefined);
    await waitFor(() => expect(screen.getByTestId('spin-fair-client-seed')).toHaveTextContent('random1'));
  });
});

test('reads in Thai and Lao', async () => {
  jest.spyOn(verifyApi, 'fairness').mockResolvedValue(fairness());
  jest.spyOn(verifyApi, 'draws').mockResolvedValue(page([draw(0, false), draw(1, true)]));
  renderVerify();
  await waitFor(() => expect(rows()).toHaveLength(2));
  try {
    await act(async () => setLocale('th'));
    expect(screen.getByRole('heading', { name: 'ตรวจสอบผลการหมุน' })).toBeInTheDocument();
    expect(screen.getByText('จะเปิดเผยเมื่อคุณเปลี่ยนซีด')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('spin-draw-verify'));
    expect(await screen.findByTestId('spin-draw-result')).toHaveTextContent(/^ตรวจสอบแล้ว: ตกที่ /);
    await act(async () => setLocale('la'));
    expect(screen.getByRole('heading', { name: 'ກວດສອບຜົນການໝຸນ' })).toBeInTheDocument();
    expect(screen.getByTestId('spin-draw-result')).toHaveTextContent(/^ກວດສອບແລ້ວ: ຕົກທີ່ /);
  } finally {
    await act(async () => setLocale('en'));
  }
});
