import { useState, type FormEvent } from 'react';
import {
  Button,
  FormField,
  Link,
  SkeletonList,
  formatAccountNo,
  useLocation,
  useNavigate,
  useTranslation,
} from '@wallet/shared';
import { LoadFailed, useConsoleRead } from '@wallet/shared/ops';
import { MEMBER_OPS_KEYS, membersApi } from './api';
import { errorText, MEMBERS_NS } from './error-text';
import { MemberDetail } from './member-detail';
import './members.css';

export type OperatorRole = 'admin' | 'finance' | 'support';

/** What the console passes to the screen (ops-console/src/shell/remote-screen-slot.tsx). */
export interface OpsMembersProps {
  operator: { username: string; role: OperatorRole };
  remoteModule?: string;
}

/** The server's bounds of a search (`GET /api/ops/members?q=`: 2–64 characters). */
export const QUERY_MIN = 2;
export const QUERY_MAX = 64;

const MEMBERS_PATH = /^(.*?\/members)(?:\/([^/]+))?\/?$/;

/**
 * Where the screen is and which member is open: the router sees the console's full path, `/ops/members` and
 * `/ops/members/<memberId>`, so a member's page can be reloaded, bookmarked and left with the browser's back.
 */
function parsePath(pathname: string): { base: string; memberId?: string } {
  const match = MEMBERS_PATH.exec(pathname);
  if (!match?.[1]) return { base: '/ops/members' };
  return { base: match[1], memberId: match[2] ? decodeURIComponent(match[2]) : undefined };
}

/**
 * The operators' Members screen (mfe_wallet/OpsMembers): search by phone, name or bank account, open a member
 * for the profile, the balances and the main wallet's recent movements, and — finance and admin — adjust the
 * wallet. The search is kept in `?q=` so the results come back with the browser's back button.
 */
export function OpsMembersScreen({ operator }: OpsMembersProps) {
  const { t } = useTranslation(MEMBERS_NS);
  const location = useLocation();
  const navigate = useNavigate();
  const { base, memberId } = parsePath(location.pathname);
  const q = (new URLSearchParams(location.search).get('q') ?? '').trim();
  const [draft, setDraft] = useState(q);
  const [draftError, setDraftError] = useState<string>();
  const [draftFor, setDraftFor] = useState(q);
  const search = useConsoleRead(MEMBER_OPS_KEYS.search(q), () => membersApi.search(q), {
    enabled: q.length >= QUERY_MIN,
    errorText,
  });
  // While the words are searched (again), the members found before are not shown: only this search's answer is.
  const searching = q.length >= QUERY_MIN && search.fetching;
  const found = q.length >= QUERY_MIN && !searching ? search.data : undefined;
  const failed = q.length >= QUERY_MIN && !searching ? search.error : undefined;

  // The words in the address changed (back, forward, a link): the box shows them.
  if (draftFor !== q) {
    setDraftFor(q);
    setDraft(q);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text.length < QUERY_MIN) {
      setDraftError(t('search.tooShort', { min: QUERY_MIN }));
      return;
    }
    setDraftError(undefined);
    // The same words again: search again (a member registered meanwhile), the open member stays open.
    if (text === q) void search.retry();
    else navigate(`${base}?q=${encodeURIComponent(text)}`);
  };

  const query = q ? `?q=${encodeURIComponent(q)}` : '';
  const canAdjust = operator.role === 'admin' || operator.role === 'finance';

  return (
    <div className="wmem">
      <h1 className="wmem__title">{t('title')}</h1>
      <form className="wmem-search" role="search" onSubmit={submit} noValidate>
        <FormField
          label={t('search.label')}
          hint={t('search.hint')}
          type="search"
          name="q"
          autoComplete="off"
          maxLength={QUERY_MAX}
          value={draft}
          error={draftError}
          onValueChange={(value) => {
            setDraft(value);
            if (draftError) setDraftError(undefined);
          }}
          fieldClassName="wmem-search__field"
          data-testid="wmem-search-input"
        />
        <Button type="submit" className="wmem-search__submit" busy={searching}>
          {t('search.submit')}
        </Button>
      </form>

      <div className={`wmem__layout${memberId ? ' wmem__layout--open' : ''}`}>
        <section className="wmem-results" aria-labelledby="wmem-results-title">
          <h2 id="wmem-results-title" className="wmem__subtitle">
            {t('results.title')}
          </h2>
          {q.length < QUERY_MIN && <p className="wmem-muted">{t('results.prompt')}</p>}
          {searching && <SkeletonList count={3} label={t('results.loading')} />}
          {failed !== undefined && (
            <LoadFailed message={failed} actionLabel={t('retry')} onAction={() => void search.retry()} />
          )}
          {found?.length === 0 && (
            <p className="wmem-muted" role="status">
              {t('results.none', { q })}
            </p>
          )}
          {found && found.length > 0 && (
            <>
              <p className="wmem-muted" role="status">
                {t('results.count', { n: found.length })}
              </p>
              <ul className="wmem-results__list" data-testid="wmem-results">
                {found.map((member) => (
                  <li key={member.id}>
                    <Link
                      className="wmem-result"
                      to={`${base}/${encodeURIComponent(member.id)}${query}`}
                      aria-current={member.id === memberId ? 'true' : undefined}
                    >
                      <span className="wmem-result__name">{member.name}</span>
                      <span className="wmem-result__line">
                        {member.username}
                        {' · '}
                        {member.bankCode} {formatAccountNo(member.bankAccountNo)}
                      </span>
                      {member.status !== 'active' && (
                        <span className="wmem-badge wmem-badge--off">
                          {t(`status.${member.status}`, { defaultValue: member.status })}
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>

        {memberId && (
          <MemberDetail key={memberId} memberId={memberId} canAdjust={canAdjust} backTo={`${base}${query}`} />
        )}
      </div>
    </div>
  );
}
