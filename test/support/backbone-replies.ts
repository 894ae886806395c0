// Scripted replies for the backbones' LLM prompts on the local OpenAI-compatible server: each request is
// told apart by its prompt text and answered with a reply its parser accepts.
import type { ChatBody } from './openai-server.ts';

/** Which backbone prompt a request is, read off its text. */
export function backboneCall(body: ChatBody): 'summary' | 'report' | 'filter' | 'reader' {
  const text = body.messages.map((m) => m.content).join('\n');
  if (text.includes('Write a summary of the following')) return 'summary';
  if (text.includes('Write a comprehensive report of a community')) return 'report';
  if (text.includes('[[ ## fact_before_filter ## ]]')) return 'filter';
  return 'reader';
}

/** Replies that each prompt's parser accepts: a summary, a report, the first candidate fact kept, an answer. */
export function backboneReply(body: ChatBody): { content: string } {
  switch (backboneCall(body)) {
    case 'summary':
      return { content: 'A cluster about the passages above.' };
    case 'report':
      return { content: JSON.stringify({ title: 'Community', summary: 'Entities and relations.', findings: [] }) };
    case 'filter': {
      const first = /\{"fact": \[(\[[^\]]*\])/.exec(body.messages.at(-1)!.content)?.[1] ?? '';
      return { content: `[[ ## fact_after_filter ## ]]\n{"fact": [${first}]}\n\n[[ ## completed ## ]]` };
    }
    default:
      return { content: JSON.stringify({ thought: 'read', answer: 'unknown' }) };
  }
}
