import { useEffect, useState, type RefObject } from 'react';
import { Button, Html, Modal, useOpenModalCount, useTranslation } from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { agreementApi } from './api';
import { AGREEMENT_DELAY_MS, agreementRemembered, rememberAgreement } from './agreement-storage';

/**
 * Spec §2: 1.5 s after the home loads, the agreements (server html paragraphs, sanitized) unless the member has
 * already confirmed them; confirm closes the modal and remembers it. A failed load of the agreements shows nothing
 * (spec §8). It depends on nothing else of the home: the home mounts it at once, beside its wallet read.
 *
 * It never pops over a window the member opened: while any modal of the page is open (deposit, a game, a
 * window of another part), it waits, and it appears once none is. Closing it puts focus on `returnFocus` (the
 * page heading): it opened by itself, so nothing the member chose had focus before it.
 */
export function AgreementPrompt({ returnFocus }: { returnFocus?: RefObject<HTMLElement | null> }) {
  const [due, setDue] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [showing, setShowing] = useState(false);
  const othersOpen = useOpenModalCount();

  useEffect(() => {
    if (agreementRemembered()) return undefined;
    const timer = setTimeout(() => setDue(true), AGREEMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const { data } = useRead({ key: ['wallet', 'agreements'], read: agreementApi.agreements, enabled: due });
  const paragraphs = !confirmed && Array.isArray(data) && data.length > 0 ? data : null;

  // Once shown it stays until confirmed (it then counts itself among the open modals).
  if (paragraphs !== null && !showing && othersOpen === 0) setShowing(true);

  return (
    <AgreementModal
      paragraphs={paragraphs ?? []}
      open={showing}
      returnFocus={returnFocus}
      onConfirm={() => {
        rememberAgreement();
        setConfirmed(true);
        setShowing(false);
      }}
    />
  );
}

export function AgreementModal({
  open,
  paragraphs,
  onConfirm,
  returnFocus,
}: {
  open: boolean;
  paragraphs: readonly string[];
  onConfirm: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={open}
      onClose={onConfirm}
      dismissible={false}
      hideClose
      returnFocus={returnFocus}
      title={t('agreement.title')}
      data-testid="agreement-modal"
      footer={
        <Button block onClick={onConfirm} data-testid="agreement-confirm">
          {t('agreement.confirm')}
        </Button>
      }
    >
      <div className="wallet-agreement">
        {paragraphs.map((html, index) => (
          // Paragraphs have no identity of their own; their order is what they are.
          <Html key={index} className="wallet-agreement__item" html={html} />
        ))}
      </div>
    </Modal>
  );
}
