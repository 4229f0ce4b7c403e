import { useCommonT } from './use-common-t';

/** Spec §9: the statement pager shows 3 pages before the current one and 1 after. */
export const PAGE_RANGE_BEFORE = 3;
export const PAGE_RANGE_AFTER = 1;

export type PageItem = number | 'gap';

/** Number of pages for `total` items, at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/**
 * The page buttons to show (1-based): `before` pages before the current one and `after` after it, plus the first
 * and last page, with a gap where pages are left out. A gap of exactly one page shows that page instead.
 * `pageRange(7, 20)` → `[1, 'gap', 4, 5, 6, 7, 8, 'gap', 20]`.
 */
export function pageRange(
  current: number,
  pages: number,
  before = PAGE_RANGE_BEFORE,
  after = PAGE_RANGE_AFTER,
): PageItem[] {
  if (pages < 1) return [];
  const page = Math.min(Math.max(1, Math.floor(current)), pages);
  let start = Math.max(1, page - before);
  let end = Math.min(pages, page + after);
  if (start === 3) start = 2;
  if (end === pages - 2) end = pages - 1;
  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap');
  for (let n = start; n <= end; n += 1) items.push(n);
  if (end < pages - 1) items.push('gap');
  if (end < pages) items.push(pages);
  return items;
}

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  before?: number;
  after?: number;
  disabled?: boolean;
  className?: string;
}

/** Page buttons with previous/next; renders nothing for a single page. */
export function Pagination({
  page,
  pageCount: pages,
  onPageChange,
  before = PAGE_RANGE_BEFORE,
  after = PAGE_RANGE_AFTER,
  disabled = false,
  className,
}: PaginationProps) {
  const t = useCommonT();
  if (pages <= 1) return null;
  const go = (target: number) => {
    if (!disabled && target >= 1 && target <= pages && target !== page) onPageChange(target);
  };
  return (
    <nav className={`wl-pagination${className ? ` ${className}` : ''}`} aria-label={t('pagination.label')}>
      <button
        type="button"
        className="wl-pagination__step"
        aria-label={t('pagination.previous')}
        disabled={disabled || page <= 1}
        onClick={() => go(page - 1)}
      >
        <span aria-hidden="true">‹</span>
      </button>
      {pageRange(page, pages, before, after).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className="wl-pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={`wl-pagination__page${item === page ? ' wl-pagination__page--current' : ''}`}
            aria-label={t('pagination.page', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            disabled={disabled}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="wl-pagination__step"
        aria-label={t('pagination.next')}
        disabled={disabled || page >= pages}
        onClick={() => go(page + 1)}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
