import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonList } from '@wallet/shared';
import { lookupApi, type HowtoVideo } from '../api';
import { useShellLookup } from '../lib/use-shell-lookup';

type CaptionLanguage = keyof NonNullable<HowtoVideo['captions']>;
const CAPTION_LANGUAGES: readonly CaptionLanguage[] = ['th', 'la', 'en'];
/** BCP 47 tags of the site's languages (the site calls Lao `la`; its language tag is `lo`). */
const LANGUAGE_TAG: Record<CaptionLanguage, string> = { th: 'th', la: 'lo', en: 'en' };

function isCaptionLanguage(value: string | undefined): value is CaptionLanguage {
  return (CAPTION_LANGUAGES as readonly string[]).includes(value ?? '');
}

/**
 * One how-to video with a caption track per language. The track of the page's language is the default and the
 * one showing; a language change shows the new language's track (a browser honours `default` only when the
 * video first loads, so the tracks' modes are set as well).
 */
function HowtoPlayer({ video, language }: { video: HowtoVideo; language: CaptionLanguage }) {
  const { t } = useTranslation('host');
  const ref = useRef<HTMLVideoElement>(null);
  const { captions } = video;

  useEffect(() => {
    ref.current?.querySelectorAll('track').forEach((element) => {
      // `track` is the element's TextTrack (absent where the platform has no text tracks).
      const track = (element as Partial<HTMLTrackElement>).track;
      if (track) track.mode = element.srclang === LANGUAGE_TAG[language] ? 'showing' : 'disabled';
    });
  }, [language, captions]);

  return (
    <video ref={ref} controls preload="metadata" src={video.src} poster={video.poster}>
      {captions &&
        CAPTION_LANGUAGES.map((lang) => (
          <track
            key={lang}
            kind="captions"
            src={captions[lang]}
            srcLang={LANGUAGE_TAG[lang]}
            label={t(`howto.captions.${lang}`)}
            default={lang === language}
          />
        ))}
    </video>
  );
}

/** /howto: the five how-to videos from server configuration, titles and captions in the member's language. */
export function HowtoPage() {
  const { t, i18n } = useTranslation('host');
  // Titles and captions in the member's language, read again (the previous list shown meanwhile) when it changes.
  // Not through useRead: with it, Chromium showed two caption tracks at once (the e2e howto test), as the tracks'
  // elements were updated in an order its automatic track selection raced with; this hook's order is the tested one.
  const { data: videos, failed } = useShellLookup(lookupApi.howto);
  const current = i18n.resolvedLanguage ?? i18n.language;
  const language: CaptionLanguage = isCaptionLanguage(current) ? current : 'th';

  return (
    <section className="host-page host-howto" data-testid="howto-page">
      <h1>{t('howto.title')}</h1>
      {failed && !videos && <p role="alert">{t('howto.loadFailed')}</p>}
      {!videos && !failed && <SkeletonList count={3} variant="card" />}
      {videos?.length === 0 && <p>{t('howto.empty')}</p>}
      <ol className="host-howto__list">
        {videos?.map((video) => (
          <li key={video.id} className="host-howto__item" data-testid="howto-video">
            <figure>
              <HowtoPlayer video={video} language={language} />
              <figcaption>{video.title}</figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </section>
  );
}
