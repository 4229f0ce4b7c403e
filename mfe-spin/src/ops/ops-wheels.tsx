import { useMemo } from 'react';
import { SkeletonList, useLocation, useNavigate, useTranslation } from '@wallet/shared';
import {
  ConsoleScreen,
  EditLink,
  Flag,
  LANGUAGES,
  ListSection,
  LoadFailed,
  moneyText as money,
  OpsTable,
  useConsoleRead,
  type Language,
} from '@wallet/shared/ops';
import { WHEEL_OPS_KEYS, wheelOpsApi, type Prize, type WheelListItem } from './api';
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
        <Flag on={wheel.active} yes={t('list.active')} no={t('list.inactive')} />
        <EditLink to={editPath} label={t('list.edit')} name={t('list.editWheel', { id: wheel.id })} />
      </header>
      <p className="wl-opsf-muted">
        {t('list.summary', { total: grouped(wheel.totalWeight), draws: grouped(wheel.draws) })}
      </p>
      <OpsTable
        cards
        caption={t('list.slicesOf', { id: wheel.id })}
        columns={[t('field.code'), t('field.label'), t('list.prize'), t('field.weight'), t('list.chance')]}
      >
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
            <td data-label={t('list.chance')}>{t('list.percent', { chance: slice.chance.toFixed(2) })}</td>
          </tr>
        ))}
      </OpsTable>
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
  const list = useConsoleRead(WHEEL_OPS_KEYS.list, () => wheelOpsApi.wheels(), { enabled: isAdmin });
  const wheels = list.data;
  const ids = useMemo(() => new Set(wheels?.map((w) => w.id)), [wheels]);
  const { base } = route;
  const editPath = (id: string) => `${base}/edit/${encodeURIComponent(id)}`;
  const backToList = () => navigate(base);
  // The editor's save made the list stale (useEditor's `invalidates`): it is read again.
  const saved = () => navigate(base);

  let body;
  if (!isAdmin) {
    body = (
      <p className="wl-opsf-notice" role="note">
        {t('notForRole')}
      </p>
    );
  } else if (list.error) {
    body = <LoadFailed message={list.error} actionLabel={t('retry')} onAction={list.retry} />;
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
      <ListSection
        id="sops-list-title"
        title={t('list.title')}
        newLink={{ to: `${base}/new`, label: t('list.new') }}
      >
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
      </ListSection>
    );
  }

  return (
    <ConsoleScreen title={t('title')} view={route.view} listView="list">
      {body}
    </ConsoleScreen>
  );
}
