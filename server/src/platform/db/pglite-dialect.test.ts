import { Mutex } from './pglite-dialect';

test('mutex hands the lock over in FIFO order, one holder at a time', async () => {
  const mutex = new Mutex();
  const order: string[] = [];
  let holders = 0;
  const task = async (name: string, ms: number) => {
    const release = await mutex.lock();
    holders += 1;
    expect(holders).toBe(1);
    order.push(`${name}:start`);
    await new Promise((r) => setTimeout(r, ms));
    order.push(`${name}:end`);
    holders -= 1;
    release();
  };
  await Promise.all([task('a', 20), task('b', 1), task('c', 5)]);
  expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
});
