import { DEFAULT_REMOTES, remoteNameOf } from '@wallet/shared/federation';
import type { Role } from './api';
import type { OperatorModuleId } from './remotes';

/**
 * The console's screens, the roles that may open each (the roles of the server's routes behind it: see the roles
 * table of docs/operators.md and each feature's ops-routes.ts) and who builds it: the console itself, or the
 * remote that owns the feature, which exposes the screen as a module of its own build.
 */
export interface MenuItem {
  /** The route under /ops/ and the key of its strings (`menu.<id>`). */
  id: string;
  roles: readonly Role[];
  /** The remote folder that owns the screen (remotes.json, from the module's scope); none: the console's own. */
  remote?: string;
  /** The module of that remote that is the screen. */
  module?: OperatorModuleId;
}

/** `mfe_wallet/OpsSlips` → `mfe-wallet`, as remotes.json pairs a remote's scope with its folder. */
const folderOf = (module: OperatorModuleId): string | undefined =>
  DEFAULT_REMOTES.find((remote) => remote.name === remoteNameOf(module))?.folder;

const everyone: readonly Role[] = ['admin', 'finance', 'support'];

const ITEMS: readonly Omit<MenuItem, 'remote'>[] = [
  { id: 'members', roles: everyone, module: 'mfe_wallet/OpsMembers' },
  { id: 'slips', roles: everyone, module: 'mfe_wallet/OpsSlips' },
  {
    id: 'withdrawals',
    roles: ['admin', 'finance'],
    module: 'mfe_wallet/OpsWithdrawals',
  },
  { id: 'incoming', roles: everyone, module: 'mfe_wallet/OpsIncoming' },
  // The support chat's agents (docs/chat.md "Agents"): support and admin.
  { id: 'inbox', roles: ['admin', 'support'], module: 'mfe_chat/AgentInbox' },
  { id: 'bonuses', roles: ['admin', 'finance'], module: 'mfe_bonus/OpsBonuses' },
  { id: 'wheels', roles: ['admin'], module: 'mfe_spin/OpsWheels' },
  // The ledger's check and reconciliation (features/ops/routes.ts): admin and finance.
  { id: 'books', roles: ['admin', 'finance'] },
  { id: 'settings', roles: ['admin'] },
  // Lookup content (features/ops/routes.ts /content): admin.
  { id: 'content', roles: ['admin'] },
  { id: 'releases', roles: ['admin'] },
  { id: 'operators', roles: ['admin'] },
  { id: 'audit', roles: ['admin'] },
  // The signed-in operator's own account (its password): the server admits every role to /api/ops/auth/password.
  { id: 'account', roles: everyone },
];

export const MENU: readonly MenuItem[] = ITEMS.map((item) =>
  item.module ? { ...item, remote: folderOf(item.module) } : item,
);

/** The screens a role may open, in menu order. */
export const menuFor = (role: Role): MenuItem[] => MENU.filter((item) => item.roles.includes(role));
