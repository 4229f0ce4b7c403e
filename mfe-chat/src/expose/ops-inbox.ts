import { createRemoteParcel } from '@wallet/shared';
import { AgentInbox } from '../ops/agent-inbox';
import { inboxCatalogs } from '../ops/catalogs';

// The agents' inbox of the support chat, mounted by the console at /ops/inbox (docs/chat.md).
export default createRemoteParcel(AgentInbox, 'mfe_chat/AgentInbox', {
  build: process.env.WALLET_BUILD_ID,
  catalogs: inboxCatalogs,
});
