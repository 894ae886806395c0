// The offline thinker's replies to the planner's prompts (src/prompts/planner-step.ts,
// planner-composer.ts): text heuristics, not reasoning, labelled like every offline-thinker result.
// Step: while a question entity has no document of its own, or a bridge entity has not been searched
// yet, continue with "<relation words> of <entity>" (the entity is the anchor); otherwise finalize.
// Sufficiency = share of question entities a listed title covers. Composer: the span the QA heuristic
// picks, citing the documents about the question entities or containing the answer.
import type { LlmRequest } from '../../core/llm/port.ts';
import {
  answerSpan,
  bridgeCandidates,
  capitalisedPhrases,
  coverage,
  questionParts,
  userText,
  type DocumentText,
} from './offline-thinker-text.ts';

interface PlannerView {
  question: string;
  docs: DocumentText[];
  /** Earlier steps: the query searched and the partial answer. */
  earlier: { query: string; partial: string }[];
  step: number;
  maxSteps: number;
}

function read(request: LlmRequest): PlannerView {
  const user = userText(request) ?? '';
  const docs: DocumentText[] = [
    ...user.matchAll(
      /(?:^|\n)Doc \d+: Wikipedia Title: ([^\n]*)\n([\s\S]*?)(?=\nDoc \d+: Wikipedia Title: |\n\n|\nQuestion: |$)/g,
    ),
  ].map((m) => ({ title: m[1]!.trim(), text: m[2]!.trim() }));
  const question = /^Question: (.*)$/m.exec(user)?.[1]?.trim() ?? '';
  const earlier = [...user.matchAll(/^Step \d+: searched "(.*)"; partial answer: (.*)$/gm)].map((m) => ({
    query: m[1]!,
    partial: m[2]!,
  }));
  const at = /This is step (\d+) of at most (\d+)/.exec(user);
  return { question, docs, earlier, step: Number(at?.[1] ?? 1), maxSteps: Number(at?.[2] ?? 5) };
}

const covered = (e: string, docs: readonly DocumentText[]) =>
  docs.some((d) => coverage(e, d.title) >= 0.6 || coverage(d.title, e) >= 0.8);

function step(v: PlannerView): string {
  const q = questionParts(v.question);
  const searched = v.earlier.map((e) => e.query);
  const fresh = (e: string) => !searched.some((s) => coverage(e, s) >= 0.8);
  const known = v.earlier.flatMap((e) => capitalisedPhrases(e.partial));
  const unresolved = q.entities.find((e) => !covered(e, v.docs) && fresh(e));
  const bridge = bridgeCandidates(q, v.docs, known).find(fresh);
  const missing = unresolved ?? bridge;
  const share = q.entities.length ? q.entities.filter((e) => covered(e, v.docs)).length / q.entities.length : 0.5;
  const candidate = answerSpan(v.question, v.docs);
  const found = [q.entities.find((e) => covered(e, v.docs)), bridge].filter(Boolean).join(' is linked to ');
  const partial = `Offline heuristic: ${found ? `${found}; ` : ''}candidate answer ${candidate ?? 'none yet'}.`;
  if (missing && v.step < v.maxSteps && v.earlier.length < 3) {
    const relation = q.relations.slice(0, 4).join(' ') || 'information';
    return JSON.stringify({
      partial_answer: partial,
      action: 'continue',
      next_query: `${relation} of ${missing}`,
      sufficiency: Math.round(share * 50) / 100,
      anchors: [missing],
    });
  }
  return JSON.stringify({
    partial_answer: partial,
    action: 'finalize',
    sufficiency: Math.max(0.1, Math.round(share * 100) / 100),
    anchors: [],
  });
}

function compose(v: PlannerView): string {
  const q = questionParts(v.question);
  const answer = answerSpan(v.question, v.docs);
  if (!answer) return JSON.stringify({ answer: 'insufficient evidence', citations: [] });
  const cited = v.docs
    .map((d, i) => ({
      i: i + 1,
      about: q.entities.some((e) => coverage(e, d.title) >= 0.5),
      has: coverage(answer, `${d.title} ${d.text}`) >= 0.99,
    }))
    .filter((d) => d.about || d.has)
    .slice(0, 4)
    .map((d) => d.i);
  return JSON.stringify({ answer, citations: cited });
}

/** The reply for a planner module (see PLANNER_MODULES). */
export function offlinePlannerReply(request: LlmRequest): string {
  const v = read(request);
  return request.module === 'planner.compose' ? compose(v) : step(v);
}
