// The answer step every strategy ends with: the reader prompt (by default the QA reader,
// src/prompts/qa-reader.ts: HippoRAG's rag_qa, answers of a few words) over the top of the final context;
// the planner's ends with its composer.
import type { Ranked } from '../types.ts';
import type { Run } from './context.ts';

export async function answerStep(run: Run, context: readonly Ranked[], top: number): Promise<string> {
  run.checkAbort();
  const p = run.prompts.answer;
  const shown = run.passagesOf(context, top);
  const { answer } = p.parse(await run.prompt(p, shown, run.question.question, shown));
  run.recorder.add({ type: 'answer', text: answer });
  return answer;
}

/** The planner's conservative composer over the whole `context`: the answer with the passages it cites. */
export async function composeStep(run: Run, context: readonly Ranked[], partialAnswers: readonly string[]) {
  run.checkAbort();
  const c = run.prompts.composer;
  const docs = run.passagesOf(context, context.length);
  const composed = c.parse(await run.prompt(c, context, run.question.question, docs, partialAnswers), docs.length);
  run.recorder.add({ type: 'answer', text: composed.answer, citations: composed.citations.map((i) => context[i]!.id) });
}
