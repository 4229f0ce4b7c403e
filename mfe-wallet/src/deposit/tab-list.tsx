import { useRef, type KeyboardEvent } from 'react';

/** The id of tab `name` in the tab list `base` (its panel is labelled by it). */
export const tabId = (base: string, name: string): string => `${base}-tab-${name}`;
/** The id of the panel of tab `name` in the tab list `base` (the tab's `aria-controls`). */
export const panelId = (base: string, name: string): string => `${base}-panel-${name}`;

/** What a tab panel carries: the WAI-ARIA tabpanel role, its tab as its name, and really hidden when not current. */
export interface TabPanelProps {
  id: string;
  role: 'tabpanel';
  'aria-labelledby': string;
  hidden: boolean;
  /** 0 when the panel does not start with something focusable, so Tab from the tab list reaches its content. */
  tabIndex?: number;
}

export function tabPanelProps(base: string, name: string, current: boolean, focusable = true): TabPanelProps {
  return {
    id: panelId(base, name),
    role: 'tabpanel',
    'aria-labelledby': tabId(base, name),
    hidden: !current,
    ...(focusable ? { tabIndex: 0 } : {}),
  };
}

export interface TabListProps<T extends string> {
  /** The id base shared with the panels (`tabPanelProps(base, …)`). */
  base: string;
  tabs: readonly T[];
  current: T | null;
  onSelect: (name: T) => void;
  label: string;
  labelOf: (name: T) => string;
  testIdOf: (name: T) => string;
  /** Tabs whose panel is in the page (a panel not yet rendered is not named by `aria-controls`). */
  hasPanel?: (name: T) => boolean;
  small?: boolean;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * A WAI-ARIA tab list (automatic activation): one Tab stop on the current tab (roving tabindex); Left/Right move to
 * the previous/next tab (wrapping), Home/End to the first/last, and the tab moved to is selected.
 */
export function TabList<T extends string>({
  base,
  tabs,
  current,
  onSelect,
  label,
  labelOf,
  testIdOf,
  hasPanel = () => true,
  small = false,
}: TabListProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const stop = current !== null && tabs.includes(current) ? current : tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, name: T) => {
    const move = MOVES[event.key];
    if (!move || tabs.length === 0) return;
    event.preventDefault();
    const next = tabs[move(tabs.indexOf(name), tabs.length)]!;
    onSelect(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <div className={`wallet-tabs${small ? ' wallet-tabs--small' : ''}`} role="tablist" aria-label={label}>
      {tabs.map((name) => {
        const selected = name === current;
        return (
          <button
            key={name}
            ref={(el) => {
              if (el) buttons.current.set(name, el);
              else buttons.current.delete(name);
            }}
            type="button"
            role="tab"
            id={tabId(base, name)}
            aria-selected={selected}
            aria-controls={hasPanel(name) ? panelId(base, name) : undefined}
            tabIndex={name === stop ? 0 : -1}
            className={`wallet-tabs__tab${selected ? ' wallet-tabs__tab--current' : ''}`}
            onClick={() => onSelect(name)}
            onKeyDown={(event) => onKeyDown(event, name)}
            data-testid={testIdOf(name)}
          >
            {labelOf(name)}
          </button>
        );
      })}
    </div>
  );
}
