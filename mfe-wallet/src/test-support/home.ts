import { setLocale } from '@wallet/shared';
import { agreementApi } from '../agreement/api';
import { AGREEMENT_KEY } from '../agreement/agreement-storage';
import { homeApi } from '../home/api';

/**
 * The setup every home test (home-page.test.tsx, home-modals.test.tsx) starts from: English, the agreement already confirmed, no game account to refresh,
 * the wheel off and one agreement paragraph; the mocks and fake timers are undone after each test.
 */
export function homeTestSetup(): void {
  beforeAll(() => setLocale('en'));
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(AGREEMENT_KEY, '{}');
    jest.spyOn(homeApi, 'refreshSlots').mockResolvedValue([]);
    jest.spyOn(homeApi, 'spinActive').mockResolvedValue({ isActive: false });
    jest.spyOn(agreementApi, 'agreements').mockResolvedValue(['<p>Play fair</p>']);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });
}
