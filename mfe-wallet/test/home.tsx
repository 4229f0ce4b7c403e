import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setLocale } from '@wallet/shared';
import { agreementApi } from '../src/agreement/api';
import { AGREEMENT_KEY } from '../src/agreement/agreement-storage';
import { homeApi } from '../src/common/wallet-api';
import { HomePage } from '../src/home/home-page';

/** The home as the member's router shows it. */
export function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

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
