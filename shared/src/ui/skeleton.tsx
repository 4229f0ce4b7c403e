import type { CSSProperties, ReactNode } from 'react';
import { useCommonT } from './use-common-t';

export interface SkeletonProps {
  /** `text` a line, `row` a list row, `card` a tile (a game card, a bonus card), `circle` an avatar or icon. */
  variant?: 'text' | 'row' | 'card' | 'circle';
  /** CSS width / height overriding the variant's (e.g. `60%`, `8rem`). */
  width?: string;
  height?: string;
  className?: string;
}

/**
 * A grey placeholder shaped like what is coming, with a slow shimmer (none under `prefers-reduced-motion`). It says
 * nothing to assistive technology: the region holding it (SkeletonList) is `aria-busy` and announces the loading.
 */
export function Skeleton({ variant = 'text', width, height, className }: SkeletonProps) {
  const style: CSSProperties | undefined = width || height ? { width, height } : undefined;
  return (
    <span
      className={`wl-skeleton wl-skeleton--${variant}${className ? ` ${className}` : ''}`}
      style={style}
      aria-hidden="true"
      data-testid="skeleton"
    />
  );
}

export interface SkeletonListProps {
  /** How many placeholders (the usual number of items, so the layout does not jump when they arrive). */
  count?: number;
  variant?: SkeletonProps['variant'];
  /** Accessible text of the region; "Loading…" by default. */
  label?: string;
  /** `grid` lays the placeholders out like cards; `list` (default) one under the other. */
  layout?: 'list' | 'grid';
  className?: string;
  /** Custom placeholders instead of `count` × `variant`. */
  children?: ReactNode;
}

/** A region standing in for a list while it loads: `aria-busy`, announced once as "Loading…", then its items. */
export function SkeletonList({
  count = 3,
  variant = 'row',
  label,
  layout = 'list',
  className,
  children,
}: SkeletonListProps) {
  const t = useCommonT();
  return (
    <div
      className={`wl-skeleton-list wl-skeleton-list--${layout}${className ? ` ${className}` : ''}`}
      aria-busy="true"
      data-testid="skeleton-list"
    >
      <span className="wl-visually-hidden" role="status">
        {label ?? t('status.loading')}
      </span>
      {children ?? Array.from({ length: count }, (_, i) => <Skeleton key={i} variant={variant} />)}
    </div>
  );
}
