import { useEffect, useMemo, useState } from 'react';
import { bus } from '@wallet/shared';
import { useChatWidgetEnabled } from '../lib/chat-widget';
import { RemoteSlot } from '@wallet/shared/federation';

/**
 * The floating support chat (`mfe_chat/ChatWidget`) on every page, when the operator enabled it. The widget
 * listens to `chat:open` itself once mounted; a request made before (the contact page's button, tapped while the
 * remote loads) would be lost on the bus, so the host counts them and hands the count over (`openRequests`).
 */
export function ChatWidgetHost() {
  const enabled = useChatWidgetEnabled();
  const [openRequests, setOpenRequests] = useState(0);
  useEffect(() => {
    const subscription = bus.on('chat:open').subscribe(() => setOpenRequests((n) => n + 1));
    return () => subscription.unsubscribe();
  }, []);
  const parcelProps = useMemo(() => ({ openRequests }), [openRequests]);
  if (!enabled) return null;
  return (
    <RemoteSlot
      module="mfe_chat/ChatWidget"
      whileLoading="none"
      className="host-chat-widget"
      parcelProps={parcelProps}
    />
  );
}
