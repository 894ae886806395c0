// How much of one LLM reply is kept in a trace or a cache. Replies are kept whole, so a replay (the
// replay provider, a what-if branch's prefix, the rerun control) serves exactly what the run read.
// Only a runaway reply past MAX_RECORDED_REPLY (a server that streams without end) keeps a prefix:
// its event records the whole length (`replyLength`), it is never cached, and it is never replayed.

/** Characters of a reply kept in a trace (4 million: far beyond any reply a run reads); longer replies are not cached. */
export const MAX_RECORDED_REPLY = 4_000_000;

/** `text`, or its first MAX_RECORDED_REPLY characters with a note of the whole length. */
export function recordedReply(text: string): string {
  if (text.length <= MAX_RECORDED_REPLY) return text;
  return `${text.slice(0, MAX_RECORDED_REPLY)}\n[reply cut for the record: ${text.length} characters in all]`;
}

/** The whole length of a reply the record cut (absent when the record holds it whole). */
export function cutLength(text: string): { replyLength: number } | Record<string, never> {
  return text.length > MAX_RECORDED_REPLY ? { replyLength: text.length } : {};
}
