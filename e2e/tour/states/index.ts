// The tour's states, in the order a walk visits them (one module per part of the site; their type in types.ts).
import { MEMBER_GAMES_STATES } from './member-games';
import { MEMBER_MONEY_STATES } from './member-money';
import { OPS_EDITOR_STATES } from './ops-editors';
import { OPS_QUEUE_STATES } from './ops-queues';
import type { TourState } from './types';
import { VISITOR_STATES } from './visitor';

export * from './types';

/**
 * Every page and window of the site, in the order a walk visits them (host/src/routes.tsx for the routes, the
 * remotes for their windows). One walk of this list gives the screenshots, the axe-core check and the overflow
 * check. Member states come first per language (the agreement is the first thing a new member sees), then the
 * visitor's, then the operators' console (ops-console/src/menu.ts for its screens, the remotes for theirs).
 */
export const TOUR_STATES: readonly TourState[] = [
  ...MEMBER_MONEY_STATES,
  ...MEMBER_GAMES_STATES,
  ...VISITOR_STATES,
  ...OPS_QUEUE_STATES,
  ...OPS_EDITOR_STATES,
];
