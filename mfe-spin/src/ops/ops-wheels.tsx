import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  currencyScale,
  formatMoney,
  Link,
  SkeletonList,
  useLocation,
  useNavigate,
  useTranslation,
} from '@wallet/shared';
import { wheelOpsApi, type Prize, type WheelListItem } from './api';
import { LANGUAGES, type Language } from './forms';
import { WheelEditor } from './wheel-editor';
import './ops-wheels.css';

/** The console's props (ops-console/src/shell/remote-screen-slot.tsx): who is signed in. */
export interface OpsWheelsProps {
  operator: { username: string; role: string };
}

type Route = { view: 'list'; base: string } | { view: 'edit'; base: string; id?: string };

/**
 * Where the screen is, from the page's path (the parcel's router sees the console's full path): `<base>` the
 * list, `<base>/new` a new wheel, `<base>/edit/<id>` a wheel's editor ("new" is a valid wheel id, hence `edit/`).
 */
export function parseRoute(pathname: string): Route {
  const match = /^(.*?\/wheels)(?:\/(new|edit\/([^/]+)))?\/?$/.exec(pathname);
  if (!match) return { view: 'list', base: pathname.replace(/\/+$/, '') };
  const [, base = '', what, id] = match;
  if (!what) return { view: 'list', base };
  return { view: 'edit', base, id: id === undefined ? undefined : decodeURIComponent(id) };
}

const money = (minor: number, currency: 'THB' | 'LAK') =>
  `${formatMoney(minor, currencyScale(currency))} ${currency}`;
const grouped = (n: number) => n.toLocaleString('en-US');

function PrizeText({ prize }: { prize: Prize }) {
  const { t } = useTranslation('spin-ops');
  switch (prize.kind) {
    case 'money':
      return <>{`${money(prize.amounts.THB, 'THB')} · ${money(prize.amounts.LAK, 'LAK')}`}</>;
    case 'coins':
      return <>{t('list.coins', { count: prize.coins })}</>;
    case 'bonus':
      return <>{t('list.bonus', { code: prize.bonusCode })}</>;
    default:
      return <>{t('prizeKind.none')}</>;
  }
}

function WheelCard({ wheel, editPath }: { wheel: WheelListItem; editPath: string }) {
  const { t, i18n } = useTranslation('spin-ops');
  const lang = (i18n.resolvedLanguage ?? 'th') as Language;
  const titleId = `sops-wheel-${wheel.id}`;
  return (
    <article className="sops-wheel" aria-labelledby={titleId} data-testid={`sops-wheel-${wheel.id}`}>
      <header className="sops-wheel__head">
        <div>
          <h3 id={titleId} lang={lang}>
            {wheel.names[lang]}
          </h3>
          <p className="wl-opsf-muted">
            <code>{wheel.id}</code>
            {LANGUAGES.filter((other) => other !== lang).map((other) => (
              <span key={other} lang={other}>
                {' · '}
                {wheel.names[other]}
              </span>
            ))}
          </p>
        </div>
        <span className={`wl-opsf-flag wl-opsf-flag--${wheel.active ? 'on' : 'off'}`}>
          {wheel.active ? t('list.active') : t('list.inactive')}
        </span>
        <Link
          className="wl-btn wl-btn--secondary wl-btn--sm"
          to={editPath}
          aria-label={t('list.editWheel', { id: wheel.id })}
        >
          {t('list.edit')}
        </Link>
      </header>
      <p className="wl-opsf-muted">
        {t('list.summary', { total: grouped(wheel.totalWeight), draws: grouped(wheel.draws) })}
      </p>
      {/* A region of its own: it scrolls sideways on a phone, so it takes the keyboard focus to scroll. */}
      <div
        className="wl-opsf-table-wrap"
        tabIndex={0}
        role="region"
        aria-label={t('list.slicesOf', { id: wheel.id })}
      >
        <table className="wl-opsf-table">
          <caption className="wl-visually-hidden">{t('list.slicesOf', { id: wheel.id })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('field.code')}</th>
              <th scope="col">{t('field.label')}</th>
              <th scope="col">{t('list.prize')}</th>
              <th scope="col">{t('field.weight')}</th>
              <th scope="col">{t('list.chance')}</th>
            </tr>
          </thead>
          <tbody>
            {wheel.slices.map((slice) => (
              <tr key={slice.code}>
                <th scope="row" data-label={t('field.code')}>
                  <span
                    className="sops-dot"
                    style={{ background: slice.bgColor, borderColor: slice.textColor }}
                    aria-hidden="true"
                  />
                  <code>{slice.code}</code>
                </th>
                <td data-label={t('field.label')} lang={lang}>
                  {slice.label[lang]}
                </td>
                <td data-label={t('list.prize')}>
                  <PrizeText prize={slice.prize} />
                </td>
                <td data-label={t('field.weight')}>{grouped(slice.weight)}</td>
                <td data-label={t('list.chance')}>
                  {t('list.percent', { chance: slice.chance.toFixed(2) })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}

/**
 * The lucky wheels of the operators' console (`mfe_spin/OpsWheels`, admin only as its routes are): every wheel
 * with its slices and their chances, and the editor of one (create or replace the whole wheel).
 */
export function OpsWheels({ operator }: OpsWheelsProps) {
  const { t } = useTranslation('spin-ops');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const route = parseRoute(pathname);
  const isAdmin = operator.role === 'admin';
  const [wheels, setWheels] = useState<WheelListItem[]>();
  const [loadError, setLoadError] = useState<string>();

  const load = useCallback(
    () =>
      wheelOpsApi
        .wheels()
        .then(setWheels, (error: unknown) =>
          setLoadError(error instanceof Error ? error.message : String(error)),
        ),
    [],
  );
  useEffect(() => {
    if (isAdmin) void load();
  }, [isAdmin, load]);
  const retry = () => {
    setLoadError(undefined);
    void load();
  };

  // Back from an editor (saved or cancelled), the focus goes to the screen's title rather than the page's top.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownView = useRef(route.view);
  useEffect(() => {
    if (shownView.current !== route.view && route.view === 'list') titleRef.current?.focus();
    shownView.current = route.view;
  }, [route.view]);

  const ids = useMemo(() => new Set(wheels?.map((w) => w.id)), [wheels]);
  const { base } = route;
  const editPath = (id: string) => `${base}/edit/${encodeURIComponent(id)}`;
  const backToList = () => navigate(base);
  const saved = () => {
    void load();
    navigate(base);
  };

  let body;
  if (!isAdmin) {
    body = (
      <p className="wl-opsf-notice" role="note">
        {t('notForRole')}
      </p>
    );
  } else if (loadError) {
    body = (
      <div role="alert">
        <p className="wl-opsf-error">{loadError}</p>
        <Button variant="secondary" onClick={retry}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (!wheels) {
    body = <SkeletonList count={3} label={t('loading')} />;
  } else if (route.view === 'edit') {
    body = (
      <WheelEditor
        key={route.id ?? ''}
        id={route.id}
        taken={ids}
        activeWheel={wheels.find((w) => w.active)?.id}
        onSaved={saved}
        onCancel={backToList}
      />
    );
  } else {
    body = (
      <section className="wl-opsf-section" aria-labelledby="sops-list-title">
        <div className="wl-opsf-section__head">
          <h2 id="sops-list-title">{t('list.title')}</h2>
          <Link className="wl-btn wl-btn--primary wl-btn--sm" to={`${base}/new`}>
            {t('list.new')}
          </Link>
        </div>
        {!wheels.some((w) => w.active) && wheels.length > 0 && (
          <p className="wl-opsf-notice" role="note">
            {t('list.noneActive')}
          </p>
        )}
        {wheels.length === 0 ? (
          <p className="wl-opsf-hint">{t('list.none')}</p>
        ) : (
          wheels.map((wheel) => <WheelCard key={wheel.id} wheel={wheel} editPath={editPath(wheel.id)} />)
        )}
      </section>
    );
  }

  return (
    <div className="wl-opsf-screen" data-testid="wl-opsf-screen">
      <h1 className="wl-opsf-title" ref={titleRef} tabIndex={-1}>
        {t('title')}
      </h1>
      {body}
    </div>
  );
}
