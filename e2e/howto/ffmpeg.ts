/**
 * Points Playwright's video recorder at Debian's ffmpeg. Import this module before anything that loads
 * playwright-core: Playwright reads PLAYWRIGHT_BROWSERS_PATH once, when it loads.
 *
 * Playwright records a page by piping its screencast frames into an ffmpeg that it looks for at
 * `<PLAYWRIGHT_BROWSERS_PATH>/ffmpeg-<revision>/ffmpeg-linux` (revision from playwright-core/browsers.json; the
 * default folder is ~/.cache/ms-playwright). Its own download does not work on these machines and there is no
 * setting for an ffmpeg path, so the recorder gives Playwright a folder of its own in which that path is a
 * symbolic link to the system's ffmpeg (`apt-get install -y ffmpeg`, or FFMPEG_PATH). Chromium is Debian's
 * too (CHROMIUM_PATH, /usr/bin/chromium): nothing is downloaded.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const ffmpegPath = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

function ffmpegRevision(): string {
  const browsersJson = join(dirname(require.resolve('playwright-core/package.json')), 'browsers.json');
  const { browsers } = JSON.parse(readFileSync(browsersJson, 'utf8')) as {
    browsers: { name: string; revision: string }[];
  };
  const ffmpeg = browsers.find((b) => b.name === 'ffmpeg');
  if (!ffmpeg) throw new Error(`no ffmpeg entry in ${browsersJson}`);
  return ffmpeg.revision;
}

if (!existsSync(ffmpegPath)) {
  throw new Error(
    `${ffmpegPath} not found: install Debian's ffmpeg (apt-get install -y ffmpeg) or set FFMPEG_PATH`,
  );
}

const browsersPath = join(tmpdir(), 'wallet-howto-playwright');
const link = join(browsersPath, `ffmpeg-${ffmpegRevision()}`, 'ffmpeg-linux');
mkdirSync(dirname(link), { recursive: true });
rmSync(link, { force: true });
symlinkSync(ffmpegPath, link);
process.env.PLAYWRIGHT_BROWSERS_PATH = browsersPath;
