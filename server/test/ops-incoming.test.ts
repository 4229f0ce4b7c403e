import {
  body,
  createTestApp,
  dbLabel,
  memberWithToken,
  setSetting,
  type TestApp,
  asCli as cliCall,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_INTERVAL_MS: '0' });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const asCli = (method: 'GET' | 'POST', url: string, payload?: object) => cliCall(t.app, method, url, payload);

interface Incoming {
  id: number;
  txid: string;
  outcome: string;
  memberId: string | null;
  amount: number;
}

describe(`deliveries that credited nothing (${dbLabel})`, () => {
  test('an unmatched bank transfer is given to a member once: credited, marked ASSIGNED, audited', async () => {
    const { memberId } = await memberWithToken(t.app);
    const main = () => t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/incoming',
      payload: { fromAccountNo: '9999999999', fromBankCode: 'KBANK', amount: 12_300, txid: 'unmatched-1' },
    });
    expect(sent.statusCode).toBe(200);
    const waiting = body<Incoming[]>(await asCli('GET', '/api/ops/incoming')).data;
    const delivery = waiting.find((d) => d.txid === 'unmatched-1');
    expect(delivery).toMatchObject({ outcome: 'UNMATCHED', memberId: null, amount: 12_300 });
    const id = delivery?.id ?? 0;

    const unknown = await asCli('POST', `/api/ops/incoming/${id}/assign`, { memberId: 'nobody' });
    expect([unknown.statusCode, body(unknown).code]).toEqual([404, 'NO_USER']);
    const [a, b] = await Promise.all([
      asCli('POST', `/api/ops/incoming/${id}/assign`, { memberId }),
      asCli('POST', `/api/ops/incoming/${id}/assign`, { memberId }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await main()).toBe(12_300);
    const after = body<Incoming[]>(await asCli('GET', '/api/ops/incoming')).data;
    expect(after.find((d) => d.id === id)).toBeUndefined();
    const assigned = body<Incoming[]>(await asCli('GET', '/api/ops/incoming?outcome=ASSIGNED')).data;
    expect(assigned.find((d) => d.id === id)).toMatchObject({ memberId });
    const audit = body<{ target: string }[]>(
      await asCli('GET', '/api/ops/audit?action=incoming.assign'),
    ).data;
    expect(audit.filter((e) => e.target === String(id))).toHaveLength(1);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  });
});
