import { createTestApp, dbLabel, newAccountNo, newPhone, registration, type TestApp } from '../helpers';
import { codeOf, countArgon2, expectError, loopbackIp, member, tally } from './support';

/**
 * Issue 7 findings on registration, reproduced: registered phones and bank accounts discovered without limit
 * through /api/otp/send and /api/account/validate, and registration hashing the password before the one-time
 * code is checked. Tight limits (3) keep the suite short; registerOTP is on (the default).
 */
const LIMIT = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      limits: {
        otpSendsPerIpPerHour: LIMIT,
        accountChecksPerIpPerHour: LIMIT,
        lookupsPerPhonePerHour: LIMIT,
        lookupsPerBankAccountPerHour: LIMIT,
      },
    },
  );
});
afterAll(() => t.close());

const send = (phoneNumber: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/otp/send', payload: { phoneNumber }, remoteAddress });
const validate = (payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/validate', payload, remoteAddress });

/** Counts the registered-phone checks (the accounts feature's member directory) while `run` runs. */
async function countExistenceChecks<T>(run: () => Promise<T>): Promise<{ result: T; checks: number }> {
  const spy = jest.spyOn(t.app.members, 'isRegistered');
  try {
    const result = await run();
    return { result, checks: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe(`otp/send is limited before its registered-phone check (${dbLabel})`, () => {
  test('per IP: registered and unregistered phones meet the same limit, and a limited call checks nothing', async () => {
    const registered = await member(t.app);
    const ipA = loopbackIp();
    const ipB = loopbackIp();
    for (let i = 0; i < LIMIT; i += 1) {
      expectError(await send(registered.username, ipA), 409, 'EXISTING_USER');
      expect(codeOf(await send(newPhone(), ipB))).toBe('SUCCESS');
    }
    const { result, checks } = await countExistenceChecks(() =>
      Promise.all([send(registered.username, ipA), send(newPhone(), ipB)]),
    );
    for (const r of result) expectError(r, 429, 'REQUEST_LIMIT');
    expect(checks).toBe(0);
  });

  test('per IP, in one parallel burst: 30 phones → at most 3 reach the check', async () => {
    const ip = loopbackIp();
    const { result, checks } = await countExistenceChecks(() =>
      Promise.all(Array.from({ length: 30 }, () => send(newPhone(), ip))),
    );
    console.info(
      `otp/send, 30 parallel from one IP: ${checks} existence checks, ${JSON.stringify(tally(result))}`,
    );
    expect(checks).toBe(LIMIT);
    expect(tally(result)['429 REQUEST_LIMIT']).toBe(30 - LIMIT);
  });

  test('per phone, from many IPs: the same limit for a registered and an unregistered phone', async () => {
    const registered = await member(t.app);
    const unregistered = newPhone();
    for (const phone of [registered.username, unregistered]) {
      const answers = [];
      for (let i = 0; i < LIMIT + 2; i += 1) answers.push(codeOf(await send(phone, loopbackIp())));
      expect(answers.slice(LIMIT)).toEqual(['REQUEST_LIMIT', 'REQUEST_LIMIT']);
    }
  });
});

describe(`account/validate is limited before its existence checks (${dbLabel})`, () => {
  test('per IP: EXISTING_USER only while the limit lasts, then REQUEST_LIMIT like any phone', async () => {
    const registered = await member(t.app);
    const ip = loopbackIp();
    for (let i = 0; i < LIMIT; i += 1) {
      expectError(await validate({ username: registered.username }, ip), 409, 'EXISTING_USER', 'username');
    }
    expectError(await validate({ username: registered.username }, ip), 429, 'REQUEST_LIMIT');
    expectError(await validate({ username: newPhone() }, ip), 429, 'REQUEST_LIMIT');
  });

  test('per phone and per bank account, from many IPs', async () => {
    const registered = await member(t.app);
    for (let i = 0; i < LIMIT; i += 1) {
      expectError(
        await validate({ username: registered.username }, loopbackIp()),
        409,
        'EXISTING_USER',
        'username',
      );
    }
    expectError(await validate({ username: registered.username }, loopbackIp()), 429, 'REQUEST_LIMIT');

    const bank = { bankCode: registered.bankCode, bankAccountNo: registered.bankAccountNo };
    for (let i = 0; i < LIMIT; i += 1)
      expectError(await validate(bank, loopbackIp()), 409, 'EXISTING_BANK', 'bankAccountNo');
    expectError(await validate(bank, loopbackIp()), 429, 'REQUEST_LIMIT');
    const free = { bankCode: 'KBANK', bankAccountNo: newAccountNo() };
    for (let i = 0; i < LIMIT; i += 1) expect(codeOf(await validate(free, loopbackIp()))).toBe('SUCCESS');
    expectError(await validate(free, loopbackIp()), 429, 'REQUEST_LIMIT');
  });

  test('a parallel burst from one IP: at most 3 answered, the rest REQUEST_LIMIT', async () => {
    const registered = await member(t.app);
    const ip = loopbackIp();
    const result = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        validate({ username: i % 2 ? registered.username : newPhone() }, ip),
      ),
    );
    expect(result.filter((r) => r.statusCode !== 429)).toHaveLength(LIMIT);
  });
});

describe(`registration checks the one-time code before the password hash (${dbLabel})`, () => {
  test('no, unknown or unverified token → UNVERIFIED_OTP without one argon2 hash, even for a registered phone', async () => {
    const registered = await member(t.app);
    const unverified = await send(newPhone(), loopbackIp());
    const unverifiedToken = (JSON.parse(unverified.body) as { data: { otpToken: string } }).data.otpToken;
    const attempts = [
      registration(),
      registration({ otpToken: 'A'.repeat(32) }),
      registration({ username: registered.username, otpToken: 'B'.repeat(32) }),
      registration({ otpToken: unverifiedToken }),
    ];
    const { result, hash } = await countArgon2(() =>
      Promise.all(
        attempts.map((payload) =>
          t.app.inject({ method: 'POST', url: '/api/account', payload, remoteAddress: loopbackIp() }),
        ),
      ),
    );
    for (const r of result) expectError(r, 400, 'UNVERIFIED_OTP');
    expect(hash).toBe(0);
  });

  test('registration attempts from one IP are limited too (before the code, the existence checks and the hash)', async () => {
    const ip = loopbackIp();
    const { result, hash } = await countArgon2(() =>
      Promise.all(
        Array.from({ length: 10 }, () =>
          t.app.inject({ method: 'POST', url: '/api/account', payload: registration(), remoteAddress: ip }),
        ),
      ),
    );
    expect(tally(result)).toEqual({ '400 UNVERIFIED_OTP': LIMIT, '429 REQUEST_LIMIT': 10 - LIMIT });
    expect(hash).toBe(0);
  });
});
