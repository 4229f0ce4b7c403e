import { useState, type FormEvent } from 'react';
import {
  Button,
  formatDateTime,
  FormField,
  Link,
  pageCount,
  Pagination,
  ReadStatus,
  toast,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { usePagedRead, useRead } from '@wallet/shared/query';
import { CLIENT_SEED, DRAWS_PAGE_SIZE, verifyApi, type Commitment, type Draw, type DrawPage } from './api';
import { canVerify, verifyDraw, type Verification } from './fair-draw';
import './verify.css';

/**
 * /user/spin/verify: the commitment the next spins are drawn under, the form that reveals the current server seed
 * and starts a new one, and the member's spins, 10 a page; a spin whose seed is revealed is recomputed here, in the
 * browser, with Web Crypto (fair-draw.ts) — nothing of the check is left to the server.
 */
export function VerifyPage() {
  const { t } = useTranslation('spin');
  const fairness = useRead({ key: ['spin', 'fairness'], read: verifyApi.fairness });
  /** The commitment a rotation answered: newer than the read's. */
  const [rotated, setRotated] = useState<Commitment | null>(null);
  const commitment = rotated ?? fairness.data?.current ?? null;
  /** Bumped after a rotation: the list is read again, its spins now revealed. */
  const [revision, setRevision] = useState(0);
  const drawPage = usePagedRead({ key: ['spin', 'draws', revision], read: (page) => verifyApi.draws(page) });
  const { page, setPage } = drawPage;
  const list: DrawPage | null = drawPage.data ?? null;

  const draws = list?.draws ?? [];
  return (
    <section className="spin-verify" data-testid="spin-verify-page">
      <header className="spin-verify__header">
        <h1 className="spin-verify__title">{t('verify.title')}</h1>
        <Link to="/user/spin" className="spin-verify__back" data-testid="spin-verify-back">
          {t('verify.backToWheel')}
        </Link>
      </header>
      <p className="spin-verify__intro">{t('verify.intro')}</p>

      <section className="spin-verify__card" aria-labelledby="spin-verify-current">
        <h2 id="spin-verify-current" className="spin-verify__subtitle">
          {t('verify.current.title')}
        </h2>
        {!commitment && (
          <ReadStatus
            loading={false}
            failed={fairness.failed}
            message={t('verify.loadFailed')}
            onRetry={fairness.refetch}
            className="spin-verify__failed"
          />
        )}
        {commitment && <CommitmentView commitment={commitment} />}
        <RotateForm
          onRotated={(next) => {
            setRotated(next);
            setRevision((n) => n + 1);
          }}
        />
      </section>

      <section className="spin-verify__card" aria-labelledby="spin-verify-draws">
        <h2 id="spin-verify-draws" className="spin-verify__subtitle">
          {t('verify.draws.title')}
        </h2>
        <ReadStatus
          loading={drawPage.loading}
          failed={drawPage.failed && !list}
          message={t('verify.loadFailed')}
          onRetry={drawPage.refetch}
          className="spin-verify__failed"
        />
        {list && draws.length === 0 && <p className="spin-verify__empty">{t('verify.draws.empty')}</p>}
        {draws.length > 0 && (
          <ul className="spin-verify__draws" aria-labelledby="spin-verify-draws">
            {draws.map((draw) => (
              <DrawRow key={`${draw._id}:${draw.serverSeed ?? ''}`} draw={draw} />
            ))}
          </ul>
        )}
        <Pagination
          page={page}
          pageCount={pageCount(list?.total ?? 0, DRAWS_PAGE_SIZE)}
          onPageChange={setPage}
          className="spin-verify__pagination"
        />
      </section>
    </section>
  );
}

function CommitmentView({ commitment }: { commitment: Commitment }) {
  const { t } = useTranslation('spin');
  return (
    <dl className="spin-verify__facts">
      <dt>{t('verify.current.serverSeedHash')}</dt>
      <dd className="spin-verify__mono" data-testid="spin-fair-hash">
        {commitment.serverSeedHash}
      </dd>
      <dt>{t('verify.current.clientSeed')}</dt>
      <dd className="spin-verify__mono" data-testid="spin-fair-client-seed">
        {commitment.clientSeed}
      </dd>
      <dt>{t('verify.current.nextNonce')}</dt>
      <dd data-testid="spin-fair-nonce">{commitment.nextNonce}</dd>
    </dl>
  );
}

function RotateForm({ onRotated }: { onRotated: (next: Commitment) => void }) {
  const { t } = useTranslation('spin');
  const [clientSeed, setClientSeed] = useState('');
  const [invalid, setInvalid] = useState(false);
  const rotate = useAsyncAction((seed: string | undefined) => verifyApi.rotate(seed));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const seed = clientSeed.trim();
    if (seed !== '' && !CLIENT_SEED.test(seed)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const result = await rotate.run(seed === '' ? undefined : seed);
    if (!result.ok) return;
    setClientSeed('');
    onRotated(result.value.current);
    toast.success(t('verify.rotate.done'));
  };

  return (
    <form className="spin-verify__rotate" onSubmit={(event) => void submit(event)} noValidate>
      <p className="spin-verify__explain">{t('verify.rotate.explain')}</p>
      <FormField
        label={t('verify.rotate.clientSeed')}
        hint={t('verify.rotate.hint')}
        error={invalid ? t('verify.rotate.invalid') : undefined}
        value={clientSeed}
        onValueChange={(value) => {
          setClientSeed(value);
          if (invalid) setInvalid(false);
        }}
        maxLength={64}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        data-testid="spin-rotate-client-seed"
      />
      <Button type="submit" block busy={rotate.busy} data-testid="spin-rotate">
        {t('verify.rotate.button')}
      </Button>
    </form>
  );
}

type RowState =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; outcome: Verification | 'unsupported' };

function DrawRow({ draw }: { draw: Draw }) {
  const { t } = useTranslation('spin');
  const [state, setState] = useState<RowState>({ kind: 'idle' });
  const serverSeed = draw.serverSeed;

  const verify = async () => {
    if (serverSeed === null) return;
    if (!canVerify()) {
      setState({ kind: 'done', outcome: 'unsupported' });
      return;
    }
    setState({ kind: 'checking' });
    let outcome: Verification;
    try {
      outcome = await verifyDraw({ ...draw, serverSeed });
    } catch {
      outcome = { verified: false, reason: 'invalid' };
    }
    setState({ kind: 'done', outcome });
  };

  return (
    <li className="spin-verify__draw" data-testid="spin-draw">
      <div className="spin-verify__draw-main">
        <time dateTime={draw.createdAt} className="spin-verify__when" data-testid="spin-draw-date">
          {formatDateTime(draw.createdAt)}
        </time>
        <span className="spin-verify__nonce" data-testid="spin-draw-nonce">
          {t('verify.draws.nonce', { nonce: draw.nonce })}
        </span>
        <span className="spin-verify__code" data-testid="spin-draw-code">
          {draw.code}
        </span>
      </div>
      {serverSeed === null ? (
        <p className="spin-verify__pending" data-testid="spin-draw-pending">
          {t('verify.draws.unrevealed')}
        </p>
      ) : (
        <div className="spin-verify__check">
          <Button
            variant="secondary"
            size="sm"
            busy={state.kind === 'checking'}
            onClick={() => void verify()}
            data-testid="spin-draw-verify"
          >
            {t('verify.draws.verify')}
          </Button>
          {state.kind === 'done' && <VerifyResult outcome={state.outcome} />}
        </div>
      )}
      {serverSeed !== null && (
        <details className="spin-verify__details">
          <summary>{t('verify.draws.details')}</summary>
          <dl className="spin-verify__facts">
            <dt>{t('verify.current.serverSeedHash')}</dt>
            <dd className="spin-verify__mono">{draw.serverSeedHash}</dd>
            <dt>{t('verify.draws.serverSeed')}</dt>
            <dd className="spin-verify__mono">{serverSeed}</dd>
            <dt>{t('verify.current.clientSeed')}</dt>
            <dd className="spin-verify__mono">{draw.clientSeed}</dd>
            <dt>{t('verify.draws.weights')}</dt>
            <dd className="spin-verify__weights">
              {/* Each code stays whole with its weight; lines break only between them. */}
              {draw.codes.map((code, i) => (
                <span key={code} className="spin-verify__weight">
                  {code} {draw.weights[i] ?? '?'}
                </span>
              ))}
            </dd>
          </dl>
        </details>
      )}
    </li>
  );
}

function VerifyResult({ outcome }: { outcome: Verification | 'unsupported' }) {
  const { t } = useTranslation('spin');
  if (outcome === 'unsupported')
    return (
      <p
        className="spin-verify__result spin-verify__result--bad"
        role="status"
        data-testid="spin-draw-result"
      >
        {t('verify.result.unsupported')}
      </p>
    );
  if (outcome.verified)
    return (
      <p className="spin-verify__result spin-verify__result--ok" role="status" data-testid="spin-draw-result">
        {t('verify.result.verified', { code: outcome.code })}
      </p>
    );
  return (
    <p className="spin-verify__result spin-verify__result--bad" role="status" data-testid="spin-draw-result">
      <strong>{t('verify.result.mismatch')}</strong>{' '}
      <span>
        {outcome.reason === 'slice'
          ? t('verify.result.why.slice', { code: outcome.code })
          : t(`verify.result.why.${outcome.reason}`)}
      </span>
    </p>
  );
}
