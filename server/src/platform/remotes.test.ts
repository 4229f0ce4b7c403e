import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRemotes, REMOTES, REMOTES_FILE } from './remotes';
import { SETTING_DEFAULTS, SETTING_KEYS } from './settings';

const repoRoot = path.dirname(REMOTES_FILE);

test('every remote of remotes.json is a package of the repository whose build exposes what the shells load', () => {
  expect(REMOTES.length).toBeGreaterThan(0);
  for (const remote of REMOTES) {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, remote.folder, 'package.json'), 'utf8')) as {
      name: string;
    };
    expect(pkg.name).toBe(`@wallet/${remote.folder}`);
    const webpackConfig = readFileSync(path.join(repoRoot, remote.folder, 'webpack.config.js'), 'utf8');
    for (const module of [...remote.hostModules, ...remote.consoleModules])
      expect(webpackConfig).toContain(`'${module}':`);
  }
});

test('each remote has its switch for members, on by default', () => {
  for (const { folder } of REMOTES) {
    expect(SETTING_KEYS).toContain(`remote.${folder}.enabled`);
    expect(SETTING_DEFAULTS[`remote.${folder}.enabled`]).toBe(true);
  }
});

test('a list with an entry the server cannot use is refused, naming the entry', () => {
  const entry = { folder: 'mfe-dice', scope: 'mfe_dice', hostModules: ['./Dice'], consoleModules: [] };
  expect(parseRemotes(JSON.stringify({ remotes: [entry] }))).toEqual([entry]);
  expect(() => parseRemotes(JSON.stringify({ remotes: [entry, { ...entry, scope: 'dice' }] }))).toThrow(
    /remote #2/,
  );
  expect(() => parseRemotes(JSON.stringify({ remotes: [{ ...entry, folder: '../etc' }] }))).toThrow(
    /remote #1/,
  );
  expect(() => parseRemotes('{}')).toThrow(/no "remotes" list/);
  expect(existsSync(REMOTES_FILE)).toBe(true);
});
