import type { KnownStatementType } from './statement-rules';

/** Line icons of the statement entry types, and the question mark of an unknown type. */
export type StatementIconName = KnownStatementType | 'unknown';

const PATHS: Record<StatementIconName, string> = {
  deposit: 'M12 3v12m0 0-5-5m5 5 5-5M4 19h16',
  withdraw: 'M12 21V9m0 0-5 5m5-5 5 5M4 5h16',
  transfer: 'M4 8h14m0 0-4-4m4 4-4 4M20 16H6m0 0 4-4m-4 4 4 4',
  bonus: 'M4 11h16v10H4zM2 7h20v4H2zM12 7v14M12 7S9 2 7 4s5 3 5 3Zm0 0s3-5 5-3-5 3-5 3Z',
  finish_bonus: 'M5 21V4m0 0h11l-2 4 2 4H5',
  unknown:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2.6-11.6a2.7 2.7 0 1 1 3.7 2.5c-.7.3-1.1.9-1.1 1.6v.6M12 17h.01',
};

/** With a `label` the icon speaks (the unknown type's question mark); without one it is decoration. */
export function StatementIcon({ name, label }: { name: StatementIconName; label?: string }) {
  return (
    <svg
      className="statement-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      data-icon={name}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
