import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, memberWithToken, testDatabaseUrl } from './helpers';

// PGLITE_TEMPLATE_DIR (docs/server.md): memory:// sites of a test run start from one migrated, empty database.
// PGlite only: with TEST_DATABASE_URL the apps are on PostgreSQL and the setting does nothing.
const describePglite = testDatabaseUrl ? describe.skip : describe;

describePglite('a folder of migrated templates for memory:// databases', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'server-template-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // The suites' own template (global-setup.ts) is left out, so that this setting alone decides. The first start
  // runs every migration on a new PGlite, which takes tens of seconds on a loaded machine: the test waits for it.
  const start = () => createTestApp({ PGLITE_TEMPLATE_DIR: dir }, { pgliteTemplate: undefined });

  it('the first start writes it, the next loads it and begins empty, a template of other migrations is not read', async () => {
    // Another set of migrations' template: a name this server's migrations do not hash to.
    writeFileSync(path.join(dir, 'pglite-0000000000000000.tar'), 'not a database');

    const first = await start();
    const written = readdirSync(dir).filter((f) => f !== 'pglite-0000000000000000.tar');
    expect(written).toEqual([expect.stringMatching(/^pglite-[0-9a-f]{16}\.tar$/)]);
    const file = path.join(dir, written[0] ?? '');
    const size = statSync(file).size;
    expect(size).toBeGreaterThan(1_000_000);
    const { memberId } = await memberWithToken(first.app);
    await first.close();

    const second = await start();
    try {
      // Loaded, not rewritten: the member registered on the first site was written after the template was taken.
      expect(readdirSync(dir).sort()).toEqual(['pglite-0000000000000000.tar', written[0]].sort());
      expect(statSync(file).size).toBe(size);
      const found = await second.app.ctx.db
        .selectFrom('members')
        .select('id')
        .where('id', '=', memberId)
        .executeTakeFirst();
      expect(found).toBeUndefined();
      // The loaded database is the whole schema: a member registers and gets a wallet.
      const again = await memberWithToken(second.app);
      const wallet = await second.app.inject({
        method: 'GET',
        url: '/api/wallet',
        headers: { authorization: `Bearer ${again.token}` },
      });
      expect(wallet.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  }, 180_000);
});
