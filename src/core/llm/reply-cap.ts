// How much of one LLM reply is kept in a trace or a cache: a server that streams 10 MB must not bloat
// every trace and cache entry. Longer replies keep a prefix and their length in the trace, and are not cached.

/** Characters of a reply kept in a trace; longer replies are not cached at all. */
export const MAX_RECORDED_REPLY = 200_000;

/** `text`, or its first MAX_RECORDED_REPLY characters with a note of the whole length. */
export function recordedReply(text: string): string {
  if (text.length <= MAX_RECORDED_REPLY) return text;
  return `${text.slice(0, MAX_RECORDED_REPLY)}\n[reply cut for the record: ${text.length} characters in all]`;
}
