import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { startSite, type Site } from '../lib/site';

/**
 * The how-to page plays the five recorded videos (server/assets/howto, `npm run howto:record`) with captions in
 * the page's language: each video loads its metadata, lasts more than 10 s, and shows the caption track of the
 * current language (Lao's language tag is `lo`), whose cues are loaded.
 */
let site: Site;
let browser: Browser;

before(async () => {
  site = await startSite();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

const LANGUAGE_TAG = { th: 'th', la: 'lo', en: 'en' } as const;

interface VideoState {
  src: string;
  readyState: number;
  duration: number;
  showing: { language: string; label: string; cues: number; firstCue: string }[];
}

/** What each video of the page reports, once every one has its metadata and its showing track its cues. */
async function videoStates(page: Page): Promise<VideoState[]> {
  await page.waitForFunction(
    () => {
      const videos = Array.from(
        document.querySelectorAll<HTMLVideoElement>('[data-testid="howto-video"] video'),
      );
      return (
        videos.length === 5 &&
        videos.every(
          (v) =>
            v.readyState >= HTMLMediaElement.HAVE_METADATA &&
            Array.from(v.textTracks).some((t) => t.mode === 'showing' && (t.cues?.length ?? 0) > 0),
        )
      );
    },
    undefined,
    { timeout: 20_000 },
  );
  return page.$$eval('[data-testid="howto-video"] video', (videos) =>
    (videos as HTMLVideoElement[]).map((v) => {
      const showing = Array.from(v.textTracks).filter((t) => t.mode === 'showing');
      return {
        src: v.currentSrc,
        readyState: v.readyState,
        duration: v.duration,
        showing: showing.map((t) => ({
          language: t.language,
          label: t.label,
          cues: t.cues?.length ?? 0,
          firstCue: (t.cues?.[0] as VTTCue | undefined)?.text ?? '',
        })),
      };
    }),
  );
}

const SCRIPT = { th: /[\u0E00-\u0E7F]/, la: /[\u0E80-\u0EFF]/, en: /^[\x20-\x7E]+$/ };

describe('how-to videos', () => {
  for (const locale of ['th', 'la', 'en'] as const) {
    test(`in ${locale}: five recorded videos play with the ${locale} captions showing`, async () => {
      const context = await newMemberContext(browser, site.url, { language: locale });
      const page = await context.newPage();
      try {
        await page.goto('/howto');
        const states = await videoStates(page);
        assert.equal(states.length, 5);
        for (const [i, video] of states.entries()) {
          assert.match(video.src, new RegExp(`/media/howto/howto-${i + 1}\\.mp4$`));
          assert.ok(video.readyState >= 1, `${video.src}: metadata loaded`);
          assert.ok(video.duration > 10, `${video.src}: lasts ${video.duration} s`);
          assert.equal(video.showing.length, 1, `${video.src}: one caption track showing`);
          const [track] = video.showing;
          assert.equal(track?.language, LANGUAGE_TAG[locale]);
          assert.ok((track?.cues ?? 0) > 3, `${video.src}: ${track?.cues} cues`);
          assert.match(track?.firstCue ?? '', SCRIPT[locale], `${video.src}: "${track?.firstCue}"`);
        }
      } catch (error) {
        await snapshot(page, `howto-${locale}`);
        throw error;
      } finally {
        await context.close();
      }
    });
  }

  test('switching the language on the page switches the captions that show', async () => {
    const context = await newMemberContext(browser, site.url, { language: 'th' });
    const page = await context.newPage();
    try {
      await page.goto('/howto');
      assert.deepEqual(
        (await videoStates(page)).map((v) => v.showing.map((t) => t.language)),
        Array(5).fill(['th']),
      );
      await page.getByTestId('language-switcher').selectOption('la');
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLVideoElement>('[data-testid="howto-video"] video')).every(
          (v) => Array.from(v.textTracks).find((t) => t.mode === 'showing')?.language === 'lo',
        ),
      );
      const states = await videoStates(page);
      for (const video of states) {
        assert.deepEqual(
          video.showing.map((t) => t.language),
          ['lo'],
        );
        assert.match(video.showing[0]?.firstCue ?? '', SCRIPT.la);
        assert.match(video.showing[0]?.label ?? '', SCRIPT.la, 'the track label is in Lao');
      }
    } catch (error) {
      await snapshot(page, 'howto-switch');
      throw error;
    } finally {
      await context.close();
    }
  });

  test('captions are served as text/vtt and the videos as video/mp4', async () => {
    const vtt = await fetch(`${site.url}/media/howto/howto-1.la.vtt`);
    assert.equal(vtt.status, 200);
    assert.match(vtt.headers.get('content-type') ?? '', /^text\/vtt/);
    assert.match(await vtt.text(), /^WEBVTT/);
    const mp4 = await fetch(`${site.url}/media/howto/howto-1.mp4`, { method: 'HEAD' });
    assert.equal(mp4.headers.get('content-type'), 'video/mp4');
  });
});
