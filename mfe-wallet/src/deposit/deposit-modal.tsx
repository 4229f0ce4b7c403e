import { useCallback, useId, useState } from 'react';
import { Modal, ReadStatus, toast, useTranslation } from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { depositApi, type DepositLookup, type QrChannel } from './api';
import type { WalletSnapshot } from '../common/wallet-api';
import { showMoney, type MoneyFormat } from '../common/money';
import { announceWalletChange } from '../common/wallet-events';
import { BankTransferPanel } from './bank-transfer-panel';
import { GiftLinkPanel } from './gift-link-panel';
import { QrChannelPanel } from './qr-channel-panel';
import { offeredQrChannels, qrChannelSetting } from './qr-rules';
import { SlipUploadPanel } from './slip-upload-panel';
import { TabList, tabPanelProps } from './tab-list';
import './deposit.css';

export interface DepositModalProps {
  open: boolean;
  snapshot: Pick<WalletSnapshot, 'bankAccount'>;
  format: MoneyFormat;
  onClose: () => void;
}

type DepositTab = 'bank' | 'qr' | 'slip' | 'gift';

/**
 * The tabs the deposit lookup backs: bank transfer and slip always; QR only when it names a channel for the
 * member's currency (the Thai channels for baht, the Lao QR for kip), the gift link only when it names a receiving
 * wallet (baht only).
 */
export function depositTabs(lookup: Pick<DepositLookup, 'qrChannels' | 'wallets'> | null): DepositTab[] {
  const tabs: DepositTab[] = ['bank'];
  if (lookup?.qrChannels.length) tabs.push('qr');
  tabs.push('slip');
  if (lookup?.wallets.length) tabs.push('gift');
  return tabs;
}

/** Deposit (spec §2): bank transfer, QR per channel, slip upload and wallet gift link. */
export function DepositModal({ open, snapshot, format, onClose }: DepositModalProps) {
  const { t } = useTranslation('wallet');
  return (
    <Modal open={open} onClose={onClose} title={t('deposit.title')} size="lg" data-testid="deposit-modal">
      <DepositTabs snapshot={snapshot} format={format} onClose={onClose} />
    </Modal>
  );
}

/**
 * Why a method the site knows is missing from the tabs (the lookup's `unavailable`): gift links and the Thai QR
 * channels take baht only, the Lao QR kip only, or the site has no gift-link wallet. Plain text under the tab list,
 * on every tab; nothing when everything is offered.
 */
function UnavailableMethods({ unavailable }: { unavailable: DepositLookup['unavailable'] }) {
  const { t } = useTranslation('wallet');
  const titleId = useId();
  if (unavailable.length === 0) return null;
  return (
    <section
      className="wallet-deposit__unavailable"
      aria-labelledby={titleId}
      data-testid="deposit-unavailable"
    >
      <h3 id={titleId} className="wallet-deposit__unavailable-title">
        {t('deposit.unavailable.title')}
      </h3>
      <ul className="wallet-notes">
        {unavailable.map(({ method, reason }) => (
          <li key={method} data-testid={`deposit-unavailable-${method}`}>
            {t(`deposit.unavailable.reason.${reason}`, { method: t(`deposit.unavailable.method.${method}`) })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DepositTabs({ snapshot, format, onClose }: Omit<DepositModalProps, 'open'>) {
  const { t } = useTranslation('wallet');
  const base = useId();
  const channelBase = useId();
  const [tab, setTabState] = useState<DepositTab>('bank');
  const [qrOpened, setQrOpened] = useState(false);
  const setTab = (next: DepositTab) => {
    setTabState(next);
    if (next === 'qr') setQrOpened(true);
  };
  // The deposit lookup; a failed read is silent (spec §8): only the loader goes away.
  const load = useRead({ key: ['wallet', 'deposit-lookup'], read: depositApi.lookup });
  const lookup: DepositLookup | null = load.data ?? null;

  const tabs = depositTabs(lookup);
  const shownTab: DepositTab = tabs.includes(tab) ? tab : 'bank';
  const channels = offeredQrChannels(lookup?.qrChannels);
  const [channel, setChannel] = useState<QrChannel | null>(null);
  const activeChannel = channel && channels.includes(channel) ? channel : (channels[0] ?? null);
  const [visited, setVisited] = useState<ReadonlySet<QrChannel>>(new Set());
  const [reloadKeys, setReloadKeys] = useState<Partial<Record<QrChannel, number>>>({});
  const shownChannels = channels.filter((c) => c === activeChannel || visited.has(c));

  const chooseChannel = (next: QrChannel) => {
    if (next === activeChannel) return;
    if (activeChannel) setVisited((prev) => new Set(prev).add(activeChannel));
    setChannel(next);
  };

  /** Spec §4: a QR created on one channel makes the other channels' views read their state again. */
  const onCreated = (created: QrChannel) =>
    setReloadKeys((prev) => {
      const next = { ...prev };
      for (const other of channels) if (other !== created) next[other] = (prev[other] ?? 0) + 1;
      return next;
    });

  const onPaid = useCallback(
    (amount: number) => {
      onClose();
      toast.success(
        t('deposit.qr.paid', {
          amount: showMoney(amount, format),
          currency: t(`common:currency.${format.currency}`),
        }),
      );
    },
    [onClose, t, format],
  );

  const onConfirmed = () => {
    onClose();
    toast.info(t('deposit.qr.balanceRefresh'));
    announceWalletChange('deposit');
  };

  // The channel tabs come first in the QR panel: it needs no Tab stop of its own unless there are none.
  const qrPanel = tabPanelProps(base, 'qr', shownTab === 'qr', channels.length === 0);

  return (
    <div className="wallet-deposit">
      <ReadStatus loading={load.loading} failed={false} />
      <TabList
        base={base}
        tabs={tabs}
        current={shownTab}
        onSelect={setTab}
        label={t('deposit.title')}
        labelOf={(name) => t(`deposit.tabs.${name}`)}
        testIdOf={(name) => `deposit-tab-${name}`}
      />
      <UnavailableMethods unavailable={lookup?.unavailable ?? []} />
      <BankTransferPanel
        panel={tabPanelProps(base, 'bank', shownTab === 'bank')}
        banks={lookup?.banks ?? []}
        memberAccount={snapshot.bankAccount}
        onUseQr={tabs.includes('qr') ? () => setTab('qr') : undefined}
      />
      <div className="wallet-deposit__panel" {...qrPanel} data-testid="deposit-qr-panel">
        <TabList
          base={channelBase}
          tabs={channels}
          current={activeChannel}
          onSelect={chooseChannel}
          label={t('deposit.qr.channels')}
          labelOf={(name) => t(`deposit.qr.channel.${name}`)}
          testIdOf={(name) => `qr-channel-${name}`}
          hasPanel={(name) => qrOpened && shownChannels.includes(name)}
          small
        />
        {qrOpened
          ? shownChannels.map((name) => (
              <QrChannelPanel
                key={name}
                channel={name}
                panel={tabPanelProps(channelBase, name, name === activeChannel)}
                setting={qrChannelSetting(name, lookup?.qrChannels, format)}
                format={format}
                reloadKey={reloadKeys[name] ?? 0}
                onCreated={onCreated}
                onConfirmed={onConfirmed}
                onPaid={onPaid}
              />
            ))
          : null}
      </div>
      <SlipUploadPanel panel={tabPanelProps(base, 'slip', shownTab === 'slip')} format={format} />
      {tabs.includes('gift') ? (
        <GiftLinkPanel
          panel={tabPanelProps(base, 'gift', shownTab === 'gift')}
          walletName={lookup?.wallets[0]?.walletAccountName ?? ''}
          format={format}
        />
      ) : null}
    </div>
  );
}
