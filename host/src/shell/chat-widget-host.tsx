import { useChatWidgetEnabled } from '../lib/chat-widget';
import { RemoteSlot } from '../remotes';

/** The floating support chat (`mfe_chat/ChatWidget`) on every page, when the operator enabled it. */
export function ChatWidgetHost() {
  const enabled = useChatWidgetEnabled();
  if (!enabled) return null;
  return <RemoteSlot module="mfe_chat/ChatWidget" whileLoading="none" className="host-chat-widget" />;
}
