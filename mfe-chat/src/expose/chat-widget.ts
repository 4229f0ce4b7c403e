import { createRemoteParcel } from '@wallet/shared';
import { ChatWidget } from '../chat-widget/chat-widget';
import { catalogs } from '../catalogs';

export default createRemoteParcel(ChatWidget, 'mfe_chat/ChatWidget', {
  build: process.env.WALLET_BUILD_ID,
  catalogs,
});
