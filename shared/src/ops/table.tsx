import type { ReactNode } from 'react';

/**
 * The one table of the console (`.wl-ops-table`): its caption (for screen readers), its column heads, then the
 * rows (`children`). `actionsLabel`: a last column of row actions, its head read but not shown. `cards`: on a
 * phone each row becomes a card whose cells name their column (each cell's `data-label`); otherwise the table
 * scrolls sideways in a region that takes the keyboard focus (to scroll it without a pointer).
 */
export function OpsTable({
  caption,
  columns,
  actionsLabel,
  numeric = [],
  cards = false,
  testId,
  className,
  children,
}: {
  caption: string;
  columns: readonly ReactNode[];
  actionsLabel?: string;
  /** The indexes of the columns of amounts or counts (right-aligned, `.wl-ops-num`). */
  numeric?: readonly number[];
  cards?: boolean;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['wl-ops-table', cards && 'wl-ops-table--cards', className].filter(Boolean).join(' ');
  return (
    <div
      className="wl-ops-table-wrap"
      tabIndex={cards ? undefined : 0}
      role={cards ? undefined : 'region'}
      aria-label={cards ? undefined : caption}
    >
      <table className={classes} data-testid={testId}>
        <caption className="wl-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={numeric.includes(index) ? 'wl-ops-num' : undefined}>
                {column}
              </th>
            ))}
            {actionsLabel !== undefined && (
              <th scope="col">
                <span className="wl-visually-hidden">{actionsLabel}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
