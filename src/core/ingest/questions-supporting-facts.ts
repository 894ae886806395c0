// HotpotQA format (also the original 2WikiMultiHopQA release): `supporting_facts` [[title, sentence
// index]] and `context` [[title, [sentences]]]. A gold passage is the context paragraph of each
// supporting title, matched on title + text because titles repeat in some corpora (HotpotQA's own
// has 2 repeated titles). The corpus text is the sentences concatenated with no separator for
// HotpotQA (HotpotQA sentences carry their leading space; all 7,387 context paragraphs of the
// shipped file match this way) and joined with " " for 2Wiki, as HippoRAG 2's get_gold_docs does;
// both are tried, in that order.
import { hotpotEvidence } from '../eval/bridge.ts';
import type { Question } from '../types.ts';
import { arr, describe, type JsonObject, type RecordRef, fieldError } from './fields.ts';
import { answersOf, noGold, questionHead, unknownGold, withTitle, type PassageLookup } from './question-record.ts';

function contextOf(obj: JsonObject, at: RecordRef): Map<string, string[][]> {
  const byTitle = new Map<string, string[][]>();
  arr(obj, at, 'context', '[title, [sentences]] pairs').forEach((entry, i) => {
    const field = `context[${i}]`;
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string' || !Array.isArray(entry[1]))
      throw fieldError(at, field, `expected [title, [sentences]], got ${describe(entry)}`);
    const sentences = entry[1] as unknown[];
    sentences.forEach((s, k) => {
      if (typeof s !== 'string')
        throw fieldError(at, `${field}[1][${k}]`, `expected a sentence string, got ${describe(s)}`);
    });
    const title = entry[0] as string;
    byTitle.set(title, [...(byTitle.get(title) ?? []), sentences as string[]]);
  });
  return byTitle;
}

function supportingTitles(obj: JsonObject, at: RecordRef): { title: string; index: number; sentences: number[] }[] {
  const seen = new Map<string, number[]>();
  const out: { title: string; index: number; sentences: number[] }[] = [];
  arr(obj, at, 'supporting_facts', '[title, sentence index] pairs').forEach((fact, i) => {
    if (
      !Array.isArray(fact) ||
      fact.length !== 2 ||
      typeof fact[0] !== 'string' ||
      !Number.isInteger(fact[1]) ||
      (fact[1] as number) < 0
    )
      throw fieldError(at, `supporting_facts[${i}]`, `expected [title, sentence index >= 0], got ${describe(fact)}`);
    const title = fact[0] as string;
    let sentences = seen.get(title);
    if (!sentences) {
      sentences = [];
      seen.set(title, sentences);
      out.push({ title, index: i, sentences });
    }
    sentences.push(fact[1] as number);
  });
  return out;
}

export function supportingFactsQuestion(obj: JsonObject, at: RecordRef, lookup: PassageLookup): Question {
  const head = questionHead(obj, at);
  const facts = supportingTitles(obj, at);
  const answers = answersOf(obj, at);
  const context = contextOf(obj, at);
  const gold: string[] = [];
  const hops: { title: string; passages: string[]; sentences: number[] }[] = [];
  for (const { title, index, sentences: supporting } of facts) {
    const hop = { title, passages: [] as string[], sentences: supporting };
    hops.push(hop);
    const field = `supporting_facts[${index}]`;
    const paragraphs = context.get(title);
    if (!paragraphs) throw unknownGold(at, field, head.id, title, "is not among this question's context titles");
    for (const sentences of paragraphs) {
      const id = lookup.byTitleAndText(title, sentences.join('')) ?? lookup.byTitleAndText(title, sentences.join(' '));
      if (id === undefined)
        throw unknownGold(
          at,
          field,
          head.id,
          title,
          `has no corpus passage with its context text (${withTitle(lookup, title)}, none with the same text)`,
        );
      if (!gold.includes(id)) gold.push(id);
      if (!hop.passages.includes(id)) hop.passages.push(id);
    }
  }
  if (gold.length === 0) throw noGold(at, 'supporting_facts', head.id);
  return { ...head, answers, gold, evidence: hotpotEvidence(head.question, head.type, hops) };
}
