import { useMemo } from 'react';
import { Link, SkeletonList, useLocation, useNavigate, useTranslation } from '@wallet/shared';
import { ConsoleScreen, ListSection, LoadFailed, useConsoleRead } from '@wallet/shared/ops';
import { BONUS_OPS_KEYS, bonusOpsApi } from './api';
import { BonusEditor } from './bonus-editor';
import { BonusTable, PromotionTable } from './lists';
import { PromotionEditor } from './promotion-editor';
import './ops-bonuses.css';

/** The console's props (ops-console/src/shell/remote-screen-slot.tsx): who is signed in. */
export interface OpsBonusesProps {
  operator: { username: string; role: string };
}

/** The segment of a new definition's editor: codes are upper case, so it is never a code. */
const NEW = 'new';

type Route = { view: 'lists'; base: string } | { view: 'bonus' | 'promotion'; base: string; code?: string };

/**
 * Where the screen is, from the page's path (the parcel's router sees the console's full path):
 * `<base>` the lists, `<base>/bonus/<code>` or `<base>/promotion/<code>` an editor, `.../new` a new one.
 */
export function parseRoute(pathname: string): Route {
  const match = /^(.*?\/bonuses)(?:\/(bonus|promotion)\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return { view: 'lists', base: pathname.replace(/\/+$/, '') };
  const [, base = '', view, segment = ''] = match;
  if (!view) return { view: 'lists', base };
  const code = decodeURIComponent(segment);
  return { view: view as 'bonus' | 'promotion', base, code: code === NEW ? undefined : code };
}

/**
 * The bonus definitions and promotions of the operators' console (`mfe_bonus/OpsBonuses`). Admin and finance see
 * the lists (`GET /api/ops/bonuses`, `/api/ops/promotions`); reading one and saving it are admin's, so only admin
 * gets the editors (create or replace, the whole definition). Support is not given the screen.
 */
export function OpsBonuses({ operator }: OpsBonusesProps) {
  const { t } = useTranslation('bonus-ops');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const route = parseRoute(pathname);
  const mayRead = operator.role === 'admin' || operator.role === 'finance';
  const mayEdit = operator.role === 'admin';
  const lists = useConsoleRead(
    BONUS_OPS_KEYS.lists,
    () => Promise.all([bonusOpsApi.bonuses(), bonusOpsApi.promotions()]),
    { enabled: mayRead },
  );
  const [bonuses, promotions] = lists.data ?? [];
  const bonusCodes = useMemo(() => new Set(bonuses?.map((b) => b.code)), [bonuses]);
  const promotionCodes = useMemo(() => new Set(promotions?.map((p) => p.code)), [promotions]);

  const { base } = route;
  const bonusPath = (code: string) => `${base}/bonus/${encodeURIComponent(code)}`;
  const promotionPath = (code: string) => `${base}/promotion/${encodeURIComponent(code)}`;
  const backToLists = () => navigate(base);
  // The editor's save made the lists stale (useEditor's `invalidates`): they are read again.
  const saved = () => navigate(base);

  let body;
  if (!mayRead) {
    body = (
      <p className="wl-opsf-notice" role="note">
        {t('notForRole')}
      </p>
    );
  } else if (route.view !== 'lists' && !mayEdit) {
    body = (
      <>
        <p className="wl-opsf-notice" role="note">
          {t('readOnly')}
        </p>
        <Link to={base}>{t('backToLists')}</Link>
      </>
    );
  } else if (lists.error) {
    body = <LoadFailed message={lists.error} actionLabel={t('retry')} onAction={lists.retry} />;
  } else if (!bonuses || !promotions) {
    body = <SkeletonList count={4} label={t('loading')} />;
  } else if (route.view === 'bonus') {
    body = (
      <BonusEditor
        key={route.code ?? NEW}
        code={route.code}
        taken={bonusCodes}
        onSaved={saved}
        onCancel={backToLists}
      />
    );
  } else if (route.view === 'promotion') {
    body = (
      <PromotionEditor
        key={route.code ?? NEW}
        code={route.code}
        bonuses={bonuses}
        taken={promotionCodes}
        onSaved={saved}
        onCancel={backToLists}
      />
    );
  } else {
    body = (
      <>
        {!mayEdit && (
          <p className="wl-opsf-notice" role="note">
            {t('readOnlyLists')}
          </p>
        )}
        <ListSection
          id="bops-bonuses-title"
          title={t('bonus.listTitle')}
          newLink={mayEdit ? { to: bonusPath(NEW), label: t('bonus.new') } : undefined}
        >
          <BonusTable bonuses={bonuses} editPath={mayEdit ? bonusPath : undefined} />
        </ListSection>
        <ListSection
          id="bops-promotions-title"
          title={t('promotion.listTitle')}
          newLink={mayEdit ? { to: promotionPath(NEW), label: t('promotion.new') } : undefined}
        >
          <PromotionTable promotions={promotions} editPath={mayEdit ? promotionPath : undefined} />
        </ListSection>
      </>
    );
  }

  return (
    <ConsoleScreen title={t('title')} view={route.view} listView="lists">
      {body}
    </ConsoleScreen>
  );
}
