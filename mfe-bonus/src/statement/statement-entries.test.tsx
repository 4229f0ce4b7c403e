import { act, render, screen, within } from '@testing-library/react';
import { setLocale } from '@wallet/shared';
import { statementApi, type StatementEntry } from './api';
import { StatementPage } from './statement-page';
import { beyondSchema } from '../../../tooling/jest-api-answers';
import { entry, mockProfile, row, rows } from '../test-support/statement';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

async function showOne(statement: StatementEntry) {
  mockProfile();
  jest.spyOn(statementApi, 'statement').mockResolvedValue({ total: 1, statements: [statement] });
  render(<StatementPage />);
  return within(await screen.findByTestId('statement-entry'));
}

const iconOf = (entryRow: HTMLElement) => entryRow.querySelector('svg.statement-icon');

describe('issue 9: every statement type shows its own sign and icon', () => {
  test.each([
    ['deposit', '+123.45', 'plus'],
    ['bonus', '+123.45', 'plus'],
    ['withdraw', '-123.45', 'minus'],
    ['transfer', '123.45', 'none'],
    ['finish_bonus', '123.45', 'none'],
  ] as const)('%s reads %s with its own icon', async (statementType, amount, look) => {
    const entryRow = await showOne(entry({ _id: '1', statementType, amount: 12_345 }));
    expect(entryRow.getByTestId('statement-amount')).toHaveTextContent(
      new RegExp(`^${amount.replace('+', '\\+')}$`),
    );
    expect(entryRow.getByTestId('statement-amount')).toHaveClass(`statement-entry__amount--${look}`);
    expect(iconOf(rows()[0]!)).toHaveAttribute('data-icon', statementType);
    // A known type's icon is decoration: no question mark speaks.
    expect(entryRow.queryByRole('img')).not.toBeInTheDocument();
  });

  test('an unknown type shows the bare amount and a question icon that says so', async () => {
    const entryRow = await showOne(
      beyondSchema(
        entry({ _id: '1', statementType: 'cashback' as StatementEntry['statementType'], amount: 12_345 }),
      ),
    );
    expect(entryRow.getByTestId('statement-amount')).toHaveTextContent(/^123\.45$/);
    expect(entryRow.getByTestId('statement-activity')).toHaveTextContent('Other entry');
    const icon = entryRow.getByRole('img', { name: 'Unknown entry type' });
    expect(icon).toHaveAttribute('data-icon', 'unknown');
  });

  test('the five known types and the unknown one draw five plus one different pictures', async () => {
    const types = ['deposit', 'bonus', 'withdraw', 'transfer', 'finish_bonus', 'other'] as const;
    mockProfile();
    jest.spyOn(statementApi, 'statement').mockResolvedValue({
      total: types.length,
      statements: types.map((statementType, index) =>
        beyondSchema(
          entry({ _id: String(index), statementType: statementType as StatementEntry['statementType'] }),
        ),
      ),
    });
    render(<StatementPage />);
    await screen.findAllByTestId('statement-entry');
    const drawings = rows().map((r) => iconOf(r)?.querySelector('path')?.getAttribute('d'));
    expect(drawings.every(Boolean)).toBe(true);
    expect(new Set(drawings).size).toBe(types.length);
  });
});

describe('issue 9: every status has its style and its translated text', () => {
  test.each([
    ['SUCCESS', 'success', 'Success'],
    ['FAILED', 'failed', 'Failed'],
    ['PENDING', 'pending', 'Pending'],
    ['PROCESSING', 'pending', 'Pending'],
    ['ON_HOLD_SOMETHING_NEW', 'pending', 'Pending'],
  ])('%s shows the %s style', async (status, tone, text) => {
    const entryRow = await showOne(
      // PROCESSING and the new status are what a later server may send.
      beyondSchema(
        entry({ _id: '1', statementType: 'withdraw', status: status as StatementEntry['status'] }),
      ),
    );
    const badge = entryRow.getByTestId('statement-status');
    expect(badge).toHaveTextContent(new RegExp(`^${text}$`));
    expect(badge).toHaveClass(`statement-status--${tone}`);
    for (const other of ['success', 'failed', 'pending'].filter((t) => t !== tone))
      expect(badge).not.toHaveClass(`statement-status--${other}`);
  });

  test('status texts read in Thai and Lao', async () => {
    mockProfile();
    jest.spyOn(statementApi, 'statement').mockResolvedValue({
      total: 3,
      statements: [
        entry({ _id: '1', status: 'SUCCESS' }),
        entry({ _id: '2', status: 'FAILED' }),
        entry({ _id: '3', status: 'PENDING' }),
      ],
    });
    render(<StatementPage />);
    await screen.findAllByTestId('statement-entry');
    const statuses = () => screen.getAllByTestId('statement-status').map((s) => s.textContent);
    try {
      await act(async () => setLocale('th'));
      expect(statuses()).toEqual(['สำเร็จ', 'ไม่สำเร็จ', 'รอดำเนินการ']);
      await act(async () => setLocale('la'));
      expect(statuses()).toEqual(['ສຳເລັດ', 'ບໍ່ສຳເລັດ', 'ລໍຖ້າດຳເນີນການ']);
    } finally {
      await act(async () => setLocale('en'));
    }
  });
});

describe('issue 9: the related item of an entry', () => {
  test.each([
    ['bonus', 'Bonus', 'Welcome bonus 50%'],
    ['promotion', 'Promotion', 'Code SONGKRAN: 100 baht'],
    ['invite', 'Invite-a-friend bonus', 'Invite bonus from 2 friends'],
    ['refund', 'Loss refund', 'Loss refund 5% of week 47'],
    ['luckydraw', 'Lucky draw prize', 'Lucky draw: second prize'],
  ] as const)('a %s item shows its label and the server’s description', async (kind, label, description) => {
    const entryRow = await showOne(
      entry({ _id: '1', statementType: 'bonus', from: kind, amount: 10_000, [kind]: { description } }),
    );
    expect(entryRow.getByTestId('statement-activity')).toHaveTextContent(new RegExp(`^${label}$`));
    expect(entryRow.getByTestId('statement-detail')).toHaveTextContent(description);
    expect(entryRow.getByTestId('statement-amount')).toHaveTextContent('+100.00');
  });

  test.each(['Welcome bonus 50%: turnover met', 'Welcome bonus 50%: cancelled'])(
    'a finished bonus reads “Bonus finished” with “%s”',
    async (description) => {
      const entryRow = await showOne(
        entry({ _id: '1', statementType: 'finish_bonus', amount: 2_500, bonus: { description } }),
      );
      expect(entryRow.getByTestId('statement-activity')).toHaveTextContent(/^Bonus finished$/);
      expect(entryRow.getByTestId('statement-detail')).toHaveTextContent(description);
      expect(entryRow.getByTestId('statement-amount')).toHaveTextContent(/^25\.00$/);
    },
  );

  test('the item label is translated; the description stays as the server wrote it, in the member’s language', async () => {
    mockProfile();
    jest.spyOn(statementApi, 'statement').mockResolvedValue({
      total: 2,
      statements: [
        entry({ _id: '1', statementType: 'bonus', refund: { description: 'คืนยอดเสีย 5% สัปดาห์ที่ 47' } }),
        entry({ _id: '2', statementType: 'finish_bonus', bonus: { description: 'โบนัสต้อนรับ 50%: ยกเลิก' } }),
      ],
    });
    render(<StatementPage />);
    await screen.findAllByTestId('statement-entry');
    try {
      await act(async () => setLocale('th'));
      expect(row(0).getByTestId('statement-activity')).toHaveTextContent('คืนยอดเสีย');
      expect(row(0).getByTestId('statement-detail')).toHaveTextContent('คืนยอดเสีย 5% สัปดาห์ที่ 47');
      expect(row(1).getByTestId('statement-activity')).toHaveTextContent('จบโบนัส');
      expect(row(1).getByTestId('statement-detail')).toHaveTextContent('โบนัสต้อนรับ 50%: ยกเลิก');
      await act(async () => setLocale('la'));
      expect(row(0).getByTestId('statement-activity')).toHaveTextContent('ຄືນຍອດເສຍ');
      expect(row(1).getByTestId('statement-activity')).toHaveTextContent('ສິ້ນສຸດໂບນັດ');
    } finally {
      await act(async () => setLocale('en'));
    }
  });
});
