import { redisUrlProblem, sentinelTarget } from './redis';

/** REDIS_URL's two forms (docs/server.md): one Redis, or a primary found through Redis Sentinel. */

test('a redis-sentinel:// URL names the sentinels, the primary, and optionally a password and a database', () => {
  expect(sentinelTarget('redis-sentinel://127.0.0.1:26379,10.0.0.2:26380,sentinel-c/wallet')).toEqual({
    sentinels: [
      { host: '127.0.0.1', port: 26379 },
      { host: '10.0.0.2', port: 26380 },
      { host: 'sentinel-c', port: 26379 },
    ],
    name: 'wallet',
  });
  expect(sentinelTarget('redis-sentinel://:s%40cret@a:1,b:2/wallet/3')).toEqual({
    sentinels: [
      { host: 'a', port: 1 },
      { host: 'b', port: 2 },
    ],
    name: 'wallet',
    password: 's@cret',
    db: 3,
  });
});

test('REDIS_URL refuses what is neither form, and a sentinel URL without its primary or with a bad port', () => {
  expect(redisUrlProblem('redis://127.0.0.1:6379')).toBeUndefined();
  expect(redisUrlProblem('rediss://cache:6380/1')).toBeUndefined();
  expect(redisUrlProblem('redis-sentinel://a:26379,b:26379/wallet')).toBeUndefined();
  expect(redisUrlProblem('http://cache:6379')).toMatch(/must start with redis:\/\//);
  expect(redisUrlProblem('redis-sentinel://a:26379')).toMatch(/primary name/);
  expect(redisUrlProblem('redis-sentinel://a:99999/wallet')).toMatch(/"a:99999" is not host:port/);
});
