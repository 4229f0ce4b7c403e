import { useEffect, useRef, useState, type RefObject } from 'react';
import { chatApi } from './api';
import type { ChatIdentity } from './identity';
import type { ChatMessage } from './types';

/** Spec §9: the customer's reading is reported 1 s after the last agent message it saw. */
export const MARK_READ_DEBOUNCE_MS = 1000;

/**
 * The read mark: while the widget is open with the newest message in view, the customer's reading is reported
 * 1 s after the last unread agent message arrived. Answers the agent messages the customer has not seen yet (the
 * badge on the closed widget).
 */
export function useReadMark(
  messages: readonly ChatMessage[],
  open: boolean,
  atBottom: boolean,
  identityRef: RefObject<ChatIdentity | null>,
): number {
  const lastMarked = useRef(0);
  const [markedSeq, setMarkedSeq] = useState(0);
  const newestUnreadSeq = messages.reduce(
    (newest, message) =>
      message.sender === 'other' && !message.readAt && message.seq > newest ? message.seq : newest,
    0,
  );
  useEffect(() => {
    const identity = identityRef.current;
    if (!open || !atBottom || !identity || newestUnreadSeq <= lastMarked.current) return;
    const timer = setTimeout(() => {
      lastMarked.current = newestUnreadSeq;
      setMarkedSeq(newestUnreadSeq);
      chatApi.markRead(identity).catch(() => {
        // Not worth a message: the next agent message marks it again.
        lastMarked.current = 0;
      });
    }, MARK_READ_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [open, atBottom, newestUnreadSeq, identityRef]);

  return messages.filter(
    (message) => message.sender === 'other' && !message.readAt && message.seq > markedSeq,
  ).length;
}
