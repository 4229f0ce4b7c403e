import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SettingsLock } from '../tour/settings-lock';

/** The tour walks its languages side by side; a state that sets operator settings must have the site alone. */

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

test('exclusive holders never overlap each other or a shared holder; shared holders run together', async () => {
  const lock = new SettingsLock();
  let shared = 0;
  let exclusive = 0;
  let sharedTogether = 0;
  const seen: string[] = [];
  const hold = (kind: 'shared' | 'exclusive', name: string) =>
    lock.hold(kind === 'exclusive', async () => {
      if (kind === 'exclusive') {
        exclusive++;
        assert.equal(exclusive, 1, `${name}: another exclusive holder is inside`);
        assert.equal(shared, 0, `${name}: a shared holder is inside`);
      } else {
        shared++;
        assert.equal(exclusive, 0, `${name}: an exclusive holder is inside`);
        sharedTogether = Math.max(sharedTogether, shared);
      }
      seen.push(name);
      for (let i = 0; i < 3; i++) await tick();
      if (kind === 'exclusive') exclusive--;
      else shared--;
    });
  await Promise.all([
    hold('shared', 's1'),
    hold('shared', 's2'),
    hold('exclusive', 'x1'),
    hold('exclusive', 'x2'),
    hold('exclusive', 'x3'),
    hold('shared', 's3'),
  ]);
  assert.equal(seen.length, 6);
  assert.equal(sharedTogether, 2, 's1 and s2 ran side by side');
  // A waiting exclusive holder goes before shared holders that came after it.
  assert.deepEqual(seen.slice(0, 2).sort(), ['s1', 's2']);
  assert.deepEqual(seen.slice(2, 5).sort(), ['x1', 'x2', 'x3']);
  assert.equal(seen[5], 's3');
});

test('a holder that fails lets the others go on', async () => {
  const lock = new SettingsLock();
  await assert.rejects(
    lock.hold(true, () => Promise.reject(new Error('state failed'))),
    /state failed/,
  );
  assert.equal(await lock.hold(false, () => Promise.resolve('next')), 'next');
  assert.equal(await lock.hold(true, () => Promise.resolve('after')), 'after');
});
