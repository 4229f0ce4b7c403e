/**
 * `npm run howto:record`: records the five how-to videos from the real site and writes them, their posters and
 * their captions (WebVTT in th, la and en) to server/assets/howto.
 *
 * Needs the built site (`npm run build`), Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium) and Debian's
 * ffmpeg (`apt-get install -y ffmpeg`, FFMPEG_PATH). The site starts on a fresh in-memory database in sandbox
 * mode; each flow is driven in a phone-sized Chromium page at a watchable pace while Playwright records it
 * (`recordVideo`, VP9 WebM). Each step notes its start time; the captions are written from those times. ffmpeg
 * then trims the page loading off the start and encodes a small H.264 MP4 (plays in every phone browser) and a
 * JPEG poster. `npm run howto:record -- deposit` records one flow.
 */
import './ffmpeg';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, snapshot } from '../lib/browser';
import { api, type Member } from '../lib/members';
import { repoRoot, startSite, type Site } from '../lib/site';
import { shownAddress, type ShownAddress } from './address';
import { Director, RECORDING_AIDS } from './director';
import { ffmpegPath } from './ffmpeg';
import { FLOWS, type Flow } from './flows';
import { CAPTION_LANGUAGES, cuesFromMarks, webVtt } from './webvtt';

const OUT = join(repoRoot, 'server', 'assets', 'howto');
/** A phone screen; the video has the page's size. */
const SIZE = { width: 390, height: 844 };
/** The video starts this long before the first caption. */
const LEAD_IN_MS = 600;

function ffmpeg(args: string[]): void {
  execFileSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

async function signedInToken(site: Site, member: Member): Promise<string> {
  const { token } = await api<{ token: string }>(site, '/api/login', {
    body: { username: member.phone, password: member.password },
  });
  return token;
}

async function record(site: Site, address: ShownAddress, flow: Flow, work: string): Promise<void> {
  const member = flow.prepare ? await flow.prepare(site) : undefined;
  const token = member ? await signedInToken(site, member) : '';
  // Debian's Chromium with the e2e flags, every page watched for CSP violations; the shown name maps to the site.
  const browser = await launchBrowser(address.chromiumArgs);
  const context = await browser.newContext({
    baseURL: address.url,
    viewport: SIZE,
    deviceScaleFactor: 1,
    locale: 'th-TH',
    recordVideo: { dir: work, size: SIZE },
  });
  await context.addInitScript(
    ({ token: signedIn }) => {
      window.localStorage.setItem('locale', 'th');
      window.localStorage.setItem(
        'remember-agreement',
        JSON.stringify({ acceptedAt: new Date().toISOString() }),
      );
      // Signed in with "remember me", as the member was before the video starts.
      if (signedIn && !window.sessionStorage.getItem('howto-signed-in')) {
        window.sessionStorage.setItem('howto-signed-in', '1');
        window.localStorage.setItem('token', signedIn);
      }
    },
    { token },
  );
  await context.addInitScript({ content: RECORDING_AIDS });
  const page = await context.newPage();
  const director = new Director(page, Date.now());
  const video = page.video();
  try {
    await page.goto(flow.start);
    await flow.run(director, site, member);
  } catch (error) {
    await snapshot(page, `howto-${flow.id}`);
    throw error;
  } finally {
    await context.close();
    await browser.close();
  }
  const end = director.now();
  const raw = await video?.path();
  if (!raw) throw new Error(`${flow.id}: no video was recorded`);

  const trim = Math.max(0, (director.marks[0]?.at ?? 0) - LEAD_IN_MS);
  const marks = director.marks.map((m) => ({ ...m, at: m.at - trim }));
  const length = end - trim;
  const mp4 = join(OUT, `${flow.file}.mp4`);
  ffmpeg([
    ...['-ss', (trim / 1000).toFixed(3), '-i', raw, '-t', (length / 1000).toFixed(3)],
    ...['-an', '-r', '15', '-c:v', 'libx264', '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-preset', 'slow', '-crf', '27', '-movflags', '+faststart', mp4],
  ]);

  // The poster: the frame just before the step after the one marked `poster` (its result on screen).
  const posterIndex = Math.max(
    0,
    marks.findIndex((m) => m.poster),
  );
  const posterAt = (marks[posterIndex + 1]?.at ?? length) - 300;
  ffmpeg([
    ...['-ss', (posterAt / 1000).toFixed(3), '-i', mp4, '-frames:v', '1', '-q:v', '5'],
    join(OUT, `${flow.file}.jpg`),
  ]);

  const cues = cuesFromMarks(marks, length);
  for (const language of CAPTION_LANGUAGES) {
    writeFileSync(join(OUT, `${flow.file}.${language}.vtt`), webVtt(cues, language));
  }
  const kb = (statSync(mp4).size / 1024).toFixed(0);
  console.log(
    `${flow.file} (${flow.id}): ${(length / 1000).toFixed(1)} s, ${kb} KB, ${marks.length} captions`,
  );
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const flows = only.length ? FLOWS.filter((f) => only.includes(f.id)) : FLOWS;
  if (flows.length === 0)
    throw new Error(`unknown flow: ${only.join(', ')} (${FLOWS.map((f) => f.id).join(', ')})`);
  mkdirSync(OUT, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'wallet-howto-'));
  // Game rounds and payouts answer quickly so the videos show no long waits.
  const site = await startSite({ env: { PAYOUT_SETTLE_MS: '1500', GAME_LATENCY_MS: '50' } });
  const address = await shownAddress(site);
  try {
    for (const flow of flows) await record(site, address, flow, work);
  } finally {
    await address.close();
    await site.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
