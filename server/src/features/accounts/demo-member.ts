import type { App } from '../../app';

export const DEMO = {
  username: '0812345678',
  password: 'demo-pass-1',
  name: 'Demo Member',
  bankCode: 'KBANK',
  bankAccountName: 'DEMO MEMBER',
  bankAccountNo: '1234567890',
} as const;

/** On a new database (no member yet) creates the demo member. Returns true when it did. */
export async function seedDemoMember(app: App): Promise<boolean> {
  const { ctx, accounts, content } = app;
  if ((await accounts.memberCount()) > 0) return false;
  await accounts.register(
    { ...DEMO, sourceCode: 'OTHER', currency: ctx.config.laos ? 'LAK' : 'THB' },
    { requireOtp: false, sources: () => content.get('sources', 'th') },
  );
  return true;
}
