// The offline thinker's replies to the DualRAG modules (dualrag.*): HEURISTIC STAND-INS, NO MODEL. They
// read the prompt the strategy built (dualrag-outline.ts rendering) and reply in each module's format,
// so the real parsers and the strategy run with no LLM; results are labelled offline-thinker results.
//   reasoner          asks for the question entities the outline lacks, then for at most one bridge
//                     entity the outline's fragments name, then says it has the answer (<= 3 steps)
//   entity-identifier the entities the last reasoning step names, two queries each, reusing the name of
//                     an earlier entity (hints) that links to it
//   summarizer        extractive: sentences of documents about the entity (title match) or naming it,
//                     "No relevant information." when none
//   answer            the offline reader's span choice over the outline fragments (or, w/o KO, passages)
import {
  answerCandidates,
  answerKind,
  bridgeCandidates,
  capitalisedPhrases,
  choiceOptions,
  coverage,
  pickOption,
  questionParts,
  type DocumentText,
  type QuestionParts,
} from './offline-thinker-text.ts';

export const DUALRAG_MODULES = [
  'dualrag.reasoner',
  'dualrag.entity-identifier',
  'dualrag.knowledge-summarizer',
  'dualrag.answer',
] as const;
const NOTHING = 'No relevant information.';
const NEEDED = 'Knowledge needed about: ';

interface DualragView {
  question: string;
  /** Outline entries (title = entity, text = its fragments) or, w/o KO, the passages shown. */
  knowledge: DocumentText[];
  history: string[];
  hints: string[];
  entity?: string;
  documents: DocumentText[];
}

function passages(text: string): DocumentText[] {
  return [...text.matchAll(/(?:^|\n)Wikipedia Title: ([^\n]*)\n([\s\S]*?)(?=\nWikipedia Title: |\n\n|$)/g)].map(
    (m) => ({ title: m[1]!.trim(), text: m[2]!.trim() }),
  );
}

export function readDualragPrompt(user: string): DualragView {
  const question = [...user.matchAll(/^Question: (.*)$/gm)].at(-1)?.[1]?.trim() ?? '';
  const knowledgeText = /Knowledge:\n([\s\S]*?)\n\nQuestion: /.exec(user)?.[1] ?? '';
  const knowledge = knowledgeText.startsWith('### ')
    ? knowledgeText
        .split(/^### /m)
        .filter(Boolean)
        .map((block) => {
          const [title, ...rest] = block.split('\n');
          return {
            title: title!.trim(),
            text: rest
              .map((l) => l.replace(/^- /, ''))
              .join(' ')
              .trim(),
          };
        })
    : passages(knowledgeText);
  const historyText = /Reasoning history:\n([\s\S]*?)(?:\n\n|$)/.exec(user)?.[1] ?? '';
  const history = [...historyText.matchAll(/^Step \d+: (.*)$/gm)].map((m) => m[1]!);
  const hints = /Entities from previous reasoning: (.*)$/m.exec(user)?.[1]?.split('; ').filter(Boolean) ?? [];
  const retrieval = /\n\nRetrieval - (.*) -\n(?:Queries: .*\n)?([\s\S]*)$/.exec(user);
  return {
    question,
    knowledge,
    history,
    hints,
    ...(retrieval ? { entity: retrieval[1]!, documents: passages(retrieval[2]!) } : { documents: [] }),
  };
}

const covers = (name: string, title: string) => coverage(name, title) >= 0.6 || coverage(title, name) >= 0.8;
const relationText = (q: QuestionParts) => q.relations.slice(0, 3).join(' ');

function reasoner(v: DualragView): { reasoning: string; need_retrieval: boolean } {
  const q = questionParts(v.question);
  const known = v.knowledge.map((k) => k.title);
  const done = (why: string) => ({ reasoning: why, need_retrieval: false });
  if (v.history.length >= 3)
    return done(
      `Three reasoning steps are done; the knowledge gathered about ${known.join(', ') || 'the question'} is used to answer.`,
    );
  // with no capitalised entity in the question ("the fog-lantern"), its content words stand for one
  const named = q.entities.length > 0 ? q.entities : q.relations.length > 0 ? [q.relations.slice(0, 4).join(' ')] : [];
  const missing = named.filter((e) => !v.knowledge.some((k) => covers(e, k.title)));
  if (missing.length > 0 && v.history.length < 2) {
    const have = known.length ? `The knowledge covers ${known.join(', ')}. ` : '';
    return { reasoning: `${have}${NEEDED}${missing.join('; ')}.`, need_retrieval: true };
  }
  const asked = v.history.flatMap((h) =>
    h.includes(NEEDED)
      ? h
          .slice(h.indexOf(NEEDED) + NEEDED.length)
          .replace(/\.$/, '')
          .split('; ')
      : [],
  );
  const bridge = bridgeCandidates(q, v.knowledge, [...known, ...asked])[0];
  const kind = answerKind(v.question);
  if (bridge && v.history.length < 2 && kind !== 'choice') {
    return {
      reasoning: `${q.entities[0] ?? known[0] ?? 'The question'} is linked to ${bridge}; the ${relationText(q) || 'answer'} depends on it. ${NEEDED}${bridge}.`,
      need_retrieval: true,
    };
  }
  return done(`The knowledge about ${known.join(', ') || 'the question'} gives the ${relationText(q) || 'answer'}.`);
}

function entityIdentifier(v: DualragView): string {
  const q = questionParts(v.question);
  const last = v.history.at(-1) ?? v.question;
  const at = last.indexOf(NEEDED);
  const named =
    at >= 0
      ? last
          .slice(at + NEEDED.length)
          .replace(/\.$/, '')
          .split('; ')
      : capitalisedPhrases(last);
  const names = (named.length ? named : q.entities.length ? q.entities : [v.question]).map(
    (n) => v.hints.find((h) => coverage(n, h) === 1 && coverage(h, n) === 1) ?? n,
  );
  const rel = relationText(q);
  return JSON.stringify({
    entities: [...new Set(names)].map((entity) => ({ entity, queries: rel ? [entity, `${entity} ${rel}`] : [entity] })),
  });
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“])/u).filter((s) => s.trim().length > 0);

function summarizer(v: DualragView): string {
  const entity = v.entity ?? '';
  const out: string[] = [];
  for (const d of v.documents) {
    if (out.length >= 3) break;
    const about = covers(entity, d.title);
    const picked = about
      ? sentences(d.text).slice(0, 2)
      : sentences(d.text)
          .filter((s) => coverage(entity, s) >= 0.8)
          .slice(0, 1);
    for (const s of picked) if (out.length < 3) out.push(about ? s : `${d.title}: ${s}`);
  }
  return out.length ? out.join(' ') : NOTHING;
}

/** Comparisons pick an option, yes/no says yes; otherwise a span from the most recent knowledge first, not naming an entity already looked up. */
function answer(v: DualragView): string {
  const kind = answerKind(v.question);
  if (kind === 'choice') return pickOption(v.question, choiceOptions(v.question), v.knowledge);
  if (kind === 'yesno') return 'yes';
  const docs = [...v.knowledge].reverse();
  const q = questionParts(v.question);
  const resolved = { ...q, entities: [...q.entities, ...v.knowledge.map((k) => k.title)] };
  return (
    answerCandidates(resolved, docs, kind)[0] ??
    answerCandidates(q, docs, kind)[0] ??
    answerCandidates(q, docs)[0] ??
    docs[0]?.title ??
    'unknown'
  );
}

/** The reply text to one dualrag.* request (the caller rejects other modules). */
export function dualragReply(module: string, user: string): string {
  const v = readDualragPrompt(user);
  switch (module) {
    case 'dualrag.reasoner':
      return JSON.stringify(reasoner(v));
    case 'dualrag.entity-identifier':
      return entityIdentifier(v);
    case 'dualrag.knowledge-summarizer':
      return summarizer(v);
    case 'dualrag.answer':
      return JSON.stringify({ answer: answer(v) });
    default:
      return '';
  }
}
