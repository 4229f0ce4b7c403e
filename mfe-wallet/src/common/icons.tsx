/** Line icons of the home widgets and buttons (decorative: the text next to them names the action). */
export type IconName =
  'deposit' | 'withdraw' | 'spin' | 'refresh' | 'invite' | 'bonus' | 'refund' | 'transfer' | 'coin' | 'game';

const PATHS: Record<IconName, string> = {
  deposit: 'M12 3v12m0 0-5-5m5 5 5-5M4 19h16',
  withdraw: 'M12 21V9m0 0-5 5m5-5 5 5M4 5h16',
  spin: 'M12 3a9 9 0 1 0 9 9M12 3v9l6-6M12 12l-6 6',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  invite: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0M19 8v6m-3-3h6',
  bonus: 'M4 11h16v10H4zM2 7h20v4H2zM12 7v14M12 7S9 2 7 4s5 3 5 3Zm0 0s3-5 5-3-5 3-5 3Z',
  refund: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v5h5M12 8v8m-2.5-6h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4',
  transfer: 'M4 8h14m0 0-4-4m4 4-4 4M20 16H6m0 0 4-4m-4 4 4 4',
  coin: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-14v10m-3-7.5h4.5a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3H15',
  game: 'M6 8h12a4 4 0 0 1 4 4v1a3 3 0 0 1-5.4 1.8L15 13H9l-1.6 1.8A3 3 0 0 1 2 13v-1a4 4 0 0 1 4-4Zm1 2v4m-2-2h4m7 0h.01M18 11h.01',
};

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={`wallet-icon${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
