// How the DualRAG prompts (Fig. 5-7) show their inputs. The figures print only the placeholders
// "{knowledge}", "{question}", "{reasoning history}" and "Retrieval - {entity} - {retrieved docs}"; the
// rendering is ours: the knowledge outline K (Eq. 10) as one block per entity with its knowledge
// fragments k_e, the reasoning history R as numbered steps, documents as HippoRAG's "Wikipedia Title:"
// blocks (every prompt in the product reads passages the same way).
import type { DualKnowledge, PromptPassage } from '../core/strategies/prompt-port.ts';
import { formatPassages } from './qa-reader.ts';

export type { DualKnowledge, PromptPassage };

/** The outline, or for the w/o KO ablation (Table 3) the retrieved passages, unstructured. */
export function formatOutline(outline: DualKnowledge): string {
  if ('documents' in outline)
    return outline.documents.length === 0
      ? '(no knowledge retrieved yet)'
      : formatPassages(outline.documents).trimEnd();
  if (outline.length === 0) return '(no knowledge retrieved yet)';
  return outline.map((e) => `### ${e.entity}\n${e.knowledge.map((k) => `- ${k}`).join('\n')}`).join('\n');
}

export function formatHistory(history: readonly string[]): string {
  if (history.length === 0) return '(no reasoning yet)';
  return history.map((r, i) => `Step ${i + 1}: ${r}`).join('\n');
}

/** The figures' closing section, "Question currently being solved", with the inputs each prompt takes. */
export function questionSection(question: string, history: readonly string[], outline?: DualKnowledge): string {
  const knowledge = outline === undefined ? '' : `Knowledge:\n${formatOutline(outline)}\n\n`;
  return `Question currently being solved\n\n${knowledge}Question: ${question}\n\nReasoning history:\n${formatHistory(history)}`;
}

export function documentsOf(passages: readonly PromptPassage[]): string {
  return passages.length === 0 ? '(no documents retrieved)\n' : formatPassages(passages);
}
