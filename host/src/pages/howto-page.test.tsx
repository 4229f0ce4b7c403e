import { act, screen, within } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { clearSession, setLocale } from '@wallet/shared';
import { fakeRemoteModule, mockLookups, renderShell } from '../test/shell-harness';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  init: jest.fn(),
  registerRemotes: jest.fn(),
}));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

beforeEach(() => {
  clearSession();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id: string) => fakeRemoteModule(id));
});
afterEach(() => jest.restoreAllMocks());

const videos = [1, 2, 3, 4, 5].map((n) => ({
  id: `v${n}`,
  title: `How to ${n}`,
  src: `/media/howto/howto-${n}.mp4`,
  poster: `/media/howto/howto-${n}.jpg`,
  captions: {
    th: `/media/howto/howto-${n}.th.vtt`,
    la: `/media/howto/howto-${n}.la.vtt`,
    en: `/media/howto/howto-${n}.en.vtt`,
  },
}));

/** Each video's caption tracks as [srclang, label, src, default]. */
function tracksOfEachVideo() {
  return screen.getAllByTestId('howto-video').map((item) =>
    Array.from(item.querySelectorAll('video > track')).map((track) => {
      expect(track).toHaveAttribute('kind', 'captions');
      return [
        track.getAttribute('srclang'),
        track.getAttribute('label'),
        track.getAttribute('src'),
        track.hasAttribute('default'),
      ];
    }),
  );
}

const expected = (n: number, labels: [string, string, string], defaultTag: 'th' | 'lo' | 'en') => [
  ['th', labels[0], `/media/howto/howto-${n}.th.vtt`, defaultTag === 'th'],
  ['lo', labels[1], `/media/howto/howto-${n}.la.vtt`, defaultTag === 'lo'],
  ['en', labels[2], `/media/howto/howto-${n}.en.vtt`, defaultTag === 'en'],
];

test.each([
  ['th', ['ภาษาไทย', 'ภาษาลาว', 'ภาษาอังกฤษ'], 'th'],
  ['la', ['ພາສາໄທ', 'ພາສາລາວ', 'ພາສາອັງກິດ'], 'lo'],
  ['en', ['Thai', 'Lao', 'English'], 'en'],
] as const)(
  'in %s every video has a caption track per language, labelled in that language, its own track the default',
  async (locale, labels, tag) => {
    await setLocale(locale);
    mockLookups({ howto: videos });
    renderShell('/howto');
    expect(await screen.findAllByTestId('howto-video')).toHaveLength(5);
    expect(tracksOfEachVideo()).toEqual([1, 2, 3, 4, 5].map((n) => expected(n, [...labels], tag)));
  },
);

test('switching the language moves the default caption track and relabels the tracks', async () => {
  await setLocale('th');
  mockLookups({ howto: videos });
  renderShell('/howto');
  const first = (await screen.findAllByTestId('howto-video'))[0]!;
  expect(within(first).getByText('How to 1')).toBeInTheDocument();
  expect(tracksOfEachVideo()[0]).toEqual(expected(1, ['ภาษาไทย', 'ภาษาลาว', 'ภาษาอังกฤษ'], 'th'));

  await act(() => setLocale('la'));
  expect(tracksOfEachVideo()[0]).toEqual(expected(1, ['ພາສາໄທ', 'ພາສາລາວ', 'ພາສາອັງກິດ'], 'lo'));

  await act(() => setLocale('en'));
  expect(tracksOfEachVideo()).toEqual(
    [1, 2, 3, 4, 5].map((n) => expected(n, ['Thai', 'Lao', 'English'], 'en')),
  );
});

test('a video the operator listed without captions plays without caption tracks', async () => {
  await setLocale('en');
  const { captions: _captions, ...bare } = videos[0]!;
  mockLookups({ howto: [bare] });
  renderShell('/howto');
  const [item] = await screen.findAllByTestId('howto-video');
  expect(item!.querySelector('video')).toHaveAttribute('src', '/media/howto/howto-1.mp4');
  expect(item!.querySelectorAll('track')).toHaveLength(0);
});

test('while the videos load, placeholder cards stand in for the list (a busy region), then the videos', async () => {
  await setLocale('en');
  const lookups = mockLookups();
  let answer: (list: typeof videos) => void = () => undefined;
  lookups.howto.mockReturnValue(new Promise<typeof videos>((resolve) => (answer = resolve)));
  renderShell('/howto');

  const skeleton = await screen.findByTestId('skeleton-list');
  expect(skeleton).toHaveAttribute('aria-busy', 'true');
  expect(within(skeleton).getAllByTestId('skeleton')).toHaveLength(3);

  await act(async () => answer(videos));
  expect(await screen.findAllByTestId('howto-video')).toHaveLength(5);
  expect(screen.queryByTestId('skeleton-list')).not.toBeInTheDocument();
});
