import { profileApi } from '../common/money-format';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, setLocale } from '@wallet/shared';
import { statementApi, type Slip } from './api';
import { StatementPage } from './statement-page';
import { beyondSchema } from '../../../tooling/jest-api-answers';
import { memberProfile } from '../test-support/fixtures';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

function slip(overrides: Partial<Slip> & Pick<Slip, 'reference'>): Slip {
  return {
    createdAt: new Date(2026, 10, 24, 9, 30, 5).toISOString(),
    amount: 50_000,
    status: 'SUCCESS',
    note: null,
    link: `/api/slip-image/${overrides.reference}?exp=1&sig=old`,
    ...overrides,
  };
}

async function openSlips() {
  jest.spyOn(profileApi, 'profile').mockResolvedValue(memberProfile());
  jest.spyOn(statementApi, 'statement').mockResolvedValue({ total: 0, statements: [] });
  render(<StatementPage />);
  await screen.findByText('No entries yet');
  await userEvent.click(screen.getByRole('button', { name: 'Uploaded slips' }));
  return screen.getByRole('dialog', { name: 'Uploaded slips' });
}

test('the slip window lists date, amount, status with the translated reason, and a view link', async () => {
  const load = jest.spyOn(statementApi, 'slips').mockResolvedValue({
    total: 3,
    slips: [
      slip({ reference: 'a', amount: 50_000, status: 'SUCCESS' }),
      slip({ reference: 'b', amount: 12_345, status: 'FAILED', note: 'EXPIRED_SLIP' }),
      slip({ reference: 'c', amount: 0, status: 'PROCESSING' }),
    ],
  });
  const dialog = await openSlips();
  const rows = await within(dialog).findAllByTestId('slip-row');
  expect(load).toHaveBeenCalledWith(1, 10);
  expect(within(dialog).getByRole('columnheader', { name: 'Amount (baht)' })).toBeInTheDocument();

  expect(within(rows[0]!).getByText('24/11/2026')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('09:30:05')).toBeInTheDocument();
  expect(rows.map((r) => within(r).getByTestId('slip-amount').textContent)).toEqual([
    '500.00',
    '123.45',
    '0.00',
  ]);
  expect(rows.map((r) => within(r).getByTestId('slip-status').textContent)).toEqual([
    'Success',
    'Failed',
    'Processing',
  ]);
  expect(within(rows[2]!).getByTestId('slip-status')).toHaveClass('statement-status--pending');
  expect(within(rows[1]!).getByTestId('slip-reason')).toHaveTextContent('The slip has expired.');
  expect(within(rows[0]!).queryByTestId('slip-reason')).not.toBeInTheDocument();
  expect(
    within(rows[0]!).getByRole('link', { name: 'View the slip of 24/11/2026 09:30:05' }),
  ).toHaveAttribute('target', '_blank');
});

test('the reason reads in the member’s language, an unknown code falls back to contact support', async () => {
  jest.spyOn(statementApi, 'slips').mockResolvedValue({
    total: 2,
    slips: [
      slip({ reference: 'a', status: 'FAILED', note: 'DEST_ACC_INVALID' }),
      slip({ reference: 'b', status: 'FAILED', note: 'SOMETHING_NEW', amount: 0 }),
    ],
  });
  const dialog = await openSlips();
  const reasons = await within(dialog).findAllByTestId('slip-reason');
  expect(reasons.map((r) => r.textContent)).toEqual([
    'Wrong destination account.',
    'Unknown error. Please contact support.',
  ]);
  // A refused slip that credited nothing shows no amount rather than 0.00.
  expect(
    within(dialog)
      .getAllByTestId('slip-amount')
      .map((cell) => cell.textContent),
  ).toEqual(['500.00', '—']);
  await act(async () => setLocale('th'));
  expect(within(dialog).getAllByTestId('slip-reason')[0]).toHaveTextContent('บัญชีปลายทางไม่ถูกต้อง');
  await act(async () => setLocale('en'));
});

test('view opens a fresh link of that slip in a new tab', async () => {
  jest.spyOn(statementApi, 'slips').mockResolvedValue({ total: 1, slips: [slip({ reference: 'REF-1' })] });
  const fresh = jest
    .spyOn(statementApi, 'slipUrl')
    .mockResolvedValue({ url: '/api/slip-image/REF-1?exp=9&sig=new' });
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  const dialog = await openSlips();
  await userEvent.click(await within(dialog).findByRole('link', { name: /View the slip/ }));
  expect(fresh).toHaveBeenCalledWith('REF-1');
  await waitFor(() =>
    expect(open).toHaveBeenCalledWith(
      `${window.location.origin}/api/slip-image/REF-1?exp=9&sig=new`,
      '_blank',
      'noopener,noreferrer',
    ),
  );
});

test('slips that fail to load are silent, 10 a page, and the window follows wallet changes', async () => {
  const load = jest.spyOn(statementApi, 'slips').mockRejectedValueOnce(new Error('Network Error'));
  const dialog = await openSlips();
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(within(dialog).queryByTestId('loader')).not.toBeInTheDocument());
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  expect(within(dialog).queryByTestId('slip-table')).not.toBeInTheDocument();

  // A slip credited meanwhile: the wallet changes and the window reads the slips again.
  load.mockResolvedValue({
    total: 11,
    slips: [slip({ reference: 'x', status: 'SUCCESS', amount: 7_000 })],
  });
  act(() => bus.emit('wallet:changed', { reason: 'deposit' }));
  expect(await within(dialog).findByTestId('slip-amount')).toHaveTextContent('70.00');
  const pager = within(dialog).getByRole('navigation', { name: 'Pages' });
  await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
  expect(load).toHaveBeenLastCalledWith(2, 10);
});

/** Spec §4: each refusal code of a slip and the message a member reads for it. */
const REASONS = [
  ['UPLOADED_FILE_NOT_EXIST', 'Incorrect slip.', 'สลิปไม่ถูกต้อง', 'ສະລິບບໍ່ຖືກຕ້ອງ'],
  ['IMG_SIZE_UNABLE_TO_PROCESS', 'Incorrect slip.', 'สลิปไม่ถูกต้อง', 'ສະລິບບໍ່ຖືກຕ້ອງ'],
  ['CANNOT_READ_CROPPED_IMAGE', 'Incorrect slip.', 'สลิปไม่ถูกต้อง', 'ສະລິບບໍ່ຖືກຕ້ອງ'],
  ['DEST_ACC_INVALID', 'Wrong destination account.', 'บัญชีปลายทางไม่ถูกต้อง', 'ບັນຊີປາຍທາງບໍ່ຖືກຕ້ອງ'],
  ['SLIP_REFNO_DUPLICATED', 'Duplicate slip.', 'สลิปซ้ำ', 'ສະລິບຊ້ຳ'],
  [
    'UNSTABLE_REFNO_ON_SLIP',
    'The reference number on the slip cannot be read.',
    'อ่านเลขอ้างอิงบนสลิปไม่ได้',
    'ອ່ານເລກອ້າງອີງເທິງສະລິບບໍ່ໄດ້',
  ],
  [
    'TRIPPLE_WRONG_CAPTCHA',
    'The captcha was wrong three times in a row.',
    'กรอกแคปช่าผิด 3 ครั้งติดต่อกัน',
    'ປ້ອນແຄັບຊາຜິດ 3 ຄັ້ງຕິດຕໍ່ກັນ',
  ],
  ['INVALID_SLIP', 'The slip cannot be read.', 'ไม่สามารถอ่านสลิปได้', 'ບໍ່ສາມາດອ່ານສະລິບໄດ້'],
  [
    'NOT_MATCH',
    'The account does not match your registered account.',
    'บัญชีไม่ตรงกับบัญชีที่ลงทะเบียนไว้',
    'ບັນຊີບໍ່ກົງກັບບັນຊີທີ່ລົງທະບຽນໄວ້',
  ],
  ['EXPIRED_SLIP', 'The slip has expired.', 'สลิปหมดอายุแล้ว', 'ສະລິບໝົດອາຍຸແລ້ວ'],
  [
    'UNKNOW_ERROR',
    'Unknown error. Please contact support.',
    'เกิดข้อผิดพลาดที่ไม่ทราบสาเหตุ กรุณาติดต่อแอดมิน',
    'ເກີດຂໍ້ຜິດພາດທີ່ບໍ່ຮູ້ສາເຫດ ກະລຸນາຕິດຕໍ່ແອັດມິນ',
  ],
] as const;

describe('issue 9: every slip reason code reads its message', () => {
  test.each(REASONS)('%s reads “%s”', async (code, english) => {
    jest.spyOn(statementApi, 'slips').mockResolvedValue({
      total: 1,
      slips: [slip({ reference: 'r', status: 'FAILED', note: code, amount: 0 })],
    });
    const dialog = await openSlips();
    const reason = await within(dialog).findByTestId('slip-reason');
    expect(reason).toHaveTextContent(new RegExp(`^${english.replace(/\./g, '\\.')}$`));
    expect(within(dialog).getByTestId('slip-status')).toHaveTextContent(/^Failed$/);
    expect(within(dialog).getByTestId('slip-status')).toHaveClass('statement-status--failed');
  });

  test('the eleven reasons read in Thai and in Lao', async () => {
    jest.spyOn(statementApi, 'slips').mockResolvedValue({
      total: REASONS.length,
      slips: REASONS.map(([code], index) =>
        slip({ reference: `r${index}`, status: 'FAILED', note: code, amount: 0 }),
      ),
    });
    const dialog = await openSlips();
    await within(dialog).findAllByTestId('slip-reason');
    const reasons = () =>
      within(dialog)
        .getAllByTestId('slip-reason')
        .map((r) => r.textContent);
    expect(reasons()).toEqual(REASONS.map(([, english]) => english));
    try {
      await act(async () => setLocale('th'));
      expect(reasons()).toEqual(REASONS.map(([, , thai]) => thai));
      await act(async () => setLocale('la'));
      expect(reasons()).toEqual(REASONS.map(([, , , lao]) => lao));
    } finally {
      await act(async () => setLocale('en'));
    }
  });
});

describe('issue 9: slip statuses', () => {
  test.each([
    ['SUCCESS', 'success', 'Success', 'สำเร็จ', 'ສຳເລັດ'],
    ['FAILED', 'failed', 'Failed', 'ไม่สำเร็จ', 'ບໍ່ສຳເລັດ'],
    ['PROCESSING', 'pending', 'Processing', 'กำลังดำเนินการ', 'ກຳລັງດຳເນີນການ'],
    ['PENDING', 'pending', 'Processing', 'กำลังดำเนินการ', 'ກຳລັງດຳເນີນການ'],
    ['QUEUED_SOMEHOW', 'pending', 'Processing', 'กำลังดำเนินการ', 'ກຳລັງດຳເນີນການ'],
  ])('%s reads as %s', async (status, tone, english, thai, lao) => {
    jest.spyOn(statementApi, 'slips').mockResolvedValue({
      total: 1,
      // PENDING and the new status are what a later server may send.
      slips: [beyondSchema(slip({ reference: 'r', status: status as Slip['status'] }))],
    });
    const dialog = await openSlips();
    const badge = await within(dialog).findByTestId('slip-status');
    expect(badge).toHaveTextContent(new RegExp(`^${english}$`));
    expect(badge).toHaveClass(`statement-status--${tone}`);
    // Only a refused slip gives a reason.
    expect(within(dialog).queryByTestId('slip-reason')).not.toBeInTheDocument();
    try {
      await act(async () => setLocale('th'));
      expect(badge).toHaveTextContent(thai);
      await act(async () => setLocale('la'));
      expect(badge).toHaveTextContent(lao);
    } finally {
      await act(async () => setLocale('en'));
    }
  });
});
