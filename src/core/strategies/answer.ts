// The answer step every strategy ends with: the reader prompt (by default the QA reader,
// src/prompts/qa-reader.ts: HippoRAG's rag_qa, answers of a few words) over the top of the final context.
import type { Ranked } from '../types.ts';
import type { Run } from './context.ts';

export async function answerStep(run: Run, context: readonly Ranked[], top: number): Promise<string> {
  run.checkAbort();
  const p = run.prompts.answer;
  const shown = run.passagesOf(context, top);
  const reply = await run.ask(
    { module: p.module, messages: p.build(run.question.question, shown), json: p.json },
    shown,
  );
  const { answer } = p.parse(reply.text);
  run.recorder.add({ type: 'answer', text: answer });
  return answer;
}
