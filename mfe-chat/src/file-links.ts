/**
 * A chat file's link is signed for an hour (docs/chat.md "Payloads"): the widget and the inbox ask for a message's
 * links again when its picture or video stops loading, at most this often per message (a fresh link that fails at
 * once is not an old one: a file that is gone does not ask again and again).
 */
export const LINK_REFRESH_MS = 5 * 60_000;
