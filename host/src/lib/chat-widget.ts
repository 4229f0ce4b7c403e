import { useCallback } from 'react';
import { lookupApi } from '../api';
import { useRemoteDirectory } from '@wallet/shared/federation';
import { useShellLookup } from './use-shell-lookup';

/** The floating support chat is shown when the operator enabled both the mfe-chat remote and the widget flag. */
export function useChatWidgetEnabled(): boolean {
  const directory = useRemoteDirectory();
  const remoteOn = directory.isEnabled('mfe_chat');
  const load = useCallback(
    () => (remoteOn ? lookupApi.enableChatWidget() : Promise.resolve({ enableChatWidget: false })),
    [remoteOn],
  );
  const { data } = useShellLookup(load);
  return remoteOn && data?.enableChatWidget === true;
}
