import { createTestApp, body, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('banks', async () => {
  const res = await t.app.inject({ url: '/api/lookup/banks' });
  expect(res.statusCode).toBe(200);
  expect(body(res).code).toBe('SUCCESS');
});
