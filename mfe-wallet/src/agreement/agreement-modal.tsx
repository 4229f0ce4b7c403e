import { useEffect, useState } from 'react';
import { Button, Html, Modal, useTranslation } from '@wallet/shared';
import { agreementApi } from './api';
import { AGREEMENT_DELAY_MS, agreementRemembered, rememberAgreement } from './agreement-storage';

/**
 * Spec §2: 1.5 s after the home loads, the agreements (server html paragraphs, sanitized) unless the member has
 * already confirmed them; confirm closes the modal and remembers it. A failed load of the agreements shows nothing
 * (spec §8). It depends on nothing else of the home: the home mounts it at once, beside its wallet read.
 */
export function AgreementPrompt() {
  const [paragraphs, setParagraphs] = useState<string[] | null>(null);

  useEffect(() => {
    if (agreementRemembered()) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      agreementApi.agreements().then(
        (list) => {
          if (live && Array.isArray(list) && list.length > 0) setParagraphs(list);
        },
        () => undefined,
      );
    }, AGREEMENT_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);

  return (
    <AgreementModal
      paragraphs={paragraphs ?? []}
      open={paragraphs !== null}
      onConfirm={() => {
        rememberAgreement();
        setParagraphs(null);
      }}
    />
  );
}

export function AgreementModal({
  open,
  paragraphs,
  onConfirm,
}: {
  open: boolean;
  paragraphs: readonly string[];
  onConfirm: () => void;
}) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={open}
      onClose={onConfirm}
      dismissible={false}
      hideClose
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
