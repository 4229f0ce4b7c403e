import { useTranslation } from 'react-i18next';
import { lookupApi } from '../api';
import { useLookup } from '../lib/use-lookup';

/** /howto: the five how-to videos from server configuration, titles in the member's language. */
export function HowtoPage() {
  const { t } = useTranslation('host');
  const { data: videos, failed } = useLookup(lookupApi.howto);

  return (
    <section className="host-page host-howto" data-testid="howto-page">
      <h1>{t('howto.title')}</h1>
      {failed && !videos && <p role="alert">{t('howto.loadFailed')}</p>}
      {videos?.length === 0 && <p>{t('howto.empty')}</p>}
      <ol className="host-howto__list">
        {videos?.map((video) => (
          <li key={video.id} className="host-howto__item" data-testid="howto-video">
            <figure>
              <video controls preload="metadata" src={video.src} poster={video.poster} />
              <figcaption>{video.title}</figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </section>
  );
}
