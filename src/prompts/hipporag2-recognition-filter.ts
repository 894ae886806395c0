// HippoRAG 2's recognition-memory filter (OSU-NLP-Group/HippoRAG, src/hipporag/rerank.py DSPyFilter and
// src/hipporag/prompts/filter_default_prompt.py best_dspy_prompt): the system text and the ten few-shot
// demos verbatim, the DSPy field markers as DSPyFilter formats them. The model keeps up to 4 of the
// candidate facts; HippoRAG 2 maps each returned fact back to its closest candidate (difflib), which the
// retriever does (src/core/retrievers/fact-filter.ts) so a paraphrased fact still counts once.
import { z } from 'zod';
import type { ChatMessage } from '../core/llm/port.ts';
import { parseJsonReply } from './parse.ts';

export const module = 'hipporag2.recognition-filter';
export const version = 'hipporag2-dspy-filter/1';

export const system =
  'Your input fields are:\n1. `question` (str): Query for retrieval\n2. `fact_before_filter` (str): Candidate facts to be filtered\n\nYour output fields are:\n1. `fact_after_filter` (Fact): Filtered facts in JSON format\n\nAll interactions will be structured in the following way, with the appropriate values filled in.\n\n[[ ## question ## ]]\n{question}\n\n[[ ## fact_before_filter ## ]]\n{fact_before_filter}\n\n[[ ## fact_after_filter ## ]]\n{fact_after_filter}        # note: the value you produce must be pareseable according to the following JSON schema: {"type": "object", "properties": {"fact": {"type": "array", "description": "A list of facts, each fact is a list of 3 strings: [subject, predicate, object]", "items": {"type": "array", "items": {"type": "string"}}, "title": "Fact"}}, "required": ["fact"], "title": "Fact"}\n\n[[ ## completed ## ]]\n\nIn adhering to this structure, your objective is: \n        You are a critical component of a high-stakes question-answering system used by top researchers and decision-makers worldwide. Your task is to filter facts based on their relevance to a given query, ensuring that the most crucial information is presented to these stakeholders. The query requires careful analysis and possibly multi-hop reasoning to connect different pieces of information. You must select up to 4 relevant facts from the provided candidate list that have a strong connection to the query, aiding in reasoning and providing an accurate answer. The output should be in JSON format, e.g., {"fact": [["s1", "p1", "o1"], ["s2", "p2", "o2"]]}, and if no facts are relevant, return an empty list, {"fact": []}. The accuracy of your response is paramount, as it will directly impact the decisions made by these high-level stakeholders. You must only use facts from the candidate list and not generate new facts. The future of critical decision-making relies on your ability to accurately filter and present relevant information.';

type Fact = readonly [string, string, string];

/**
 * The ten demos of best_dspy_prompt: question, fact_before_filter, and fact_after_filter as positions in
 * fact_before_filter (every demo keeps its candidates verbatim).
 */
const DEMOS: readonly { question: string; before: readonly Fact[]; after: readonly number[] }[] = [
  {
    question: 'Are Imperial River (Florida) and Amaradia (Dolj) both located in the same country?',
    before: [
      ['imperial river', 'is located in', 'florida'],
      ['imperial river', 'is a river in', 'united states'],
      ['imperial river', 'may refer to', 'south america'],
      ['amaradia', 'flows through', 'ro ia de amaradia'],
      ['imperial river', 'may refer to', 'united states'],
    ],
    after: [0, 1, 3],
  },
  {
    question: "When is the director of film The Ancestor 's birthday?",
    before: [
      ['jean jacques annaud', 'born on', '1 october 1943'],
      ['tsui hark', 'born on', '15 february 1950'],
      ['pablo trapero', 'born on', '4 october 1971'],
      ['the ancestor', 'directed by', 'guido brignone'],
      ['benh zeitlin', 'born on', 'october 14  1982'],
    ],
    after: [3],
  },
  {
    question: 'In what geographic region is the country where Teafuone is located?',
    before: [
      ['teafuaniua', 'is on the', 'east'],
      ['motuloa', 'lies between', 'teafuaniua'],
      ['motuloa', 'lies between', 'teafuanonu'],
      ['teafuone', 'is', 'islet'],
      ['teafuone', 'located in', 'nukufetau'],
    ],
    after: [3, 4],
  },
  {
    question: 'When did the director of film S.O.B. (Film) die?',
    before: [
      ['allan dwan', 'died on', '28 december 1981'],
      ['s o b', 'written and directed by', 'blake edwards'],
      ['robert aldrich', 'died on', 'december 5  1983'],
      ['robert siodmak', 'died on', '10 march 1973'],
      ['bernardo bertolucci', 'died on', '26 november 2018'],
    ],
    after: [1],
  },
  {
    question: 'Do both films: Gloria (1980 Film) and A New Life (Film) have the directors from the same country?',
    before: [
      ['sebasti n lelio watt', 'received acclaim for directing', 'gloria'],
      ['gloria', 'is', '1980 american thriller crime drama film'],
      ['a brand new life', 'is directed by', 'ounie lecomte'],
      ['gloria', 'written and directed by', 'john cassavetes'],
      ['a new life', 'directed by', 'alan alda'],
    ],
    after: [1, 3, 4],
  },
  {
    question: 'What is the date of death of the director of film The Old Guard (1960 Film)?',
    before: [
      ['the old guard', 'is', '1960 french comedy film'],
      ['gilles grangier', 'directed', 'the old guard'],
      ['the old guard', 'directed by', 'gilles grangier'],
      ['the old fritz', 'directed by', 'gerhard lamprecht'],
      ['oswald albert mitchell', 'directed', 'old mother riley series of films'],
    ],
    after: [0, 1, 2],
  },
  {
    question: "When is the composer of film Aulad (1968 Film) 's birthday?",
    before: [
      ['aulad', 'has music composed by', 'chitragupta shrivastava'],
      ['aadmi sadak ka', 'has music by', 'ravi'],
      ['ravi shankar sharma', 'composed music for', 'hindi films'],
      ['gulzar', 'was born on', '18 august 1934'],
      ['aulad', 'is a', '1968 hindi language drama film'],
    ],
    after: [0, 4],
  },
  {
    question: 'How many households were in the city where Angelical Tears located?',
    before: [
      ['dow city', 'had', '219 households'],
      ['tucson', 'had', '229 762 households'],
      ['atlantic city', 'has', '15 504 households'],
      ['angelical tears', 'located in', 'oklahoma city'],
      ['atlantic city', 'had', '15 848 households'],
    ],
    after: [3],
  },
  {
    question: "Did the movies In The Pope'S Eye and Virgin Mountain, originate from the same country?",
    before: [
      ['virgin mountain', 'released in', 'icelandic cinemas'],
      ['virgin mountain', 'directed by', 'dagur k ri'],
      ['virgin mountain', 'icelandic title is', 'f si'],
      ['virgin mountain', 'won', '2015 nordic council film prize'],
      ['virgin mountain', 'is a', '2015 icelandic drama film'],
    ],
    after: [0, 1, 2, 3, 4],
  },
  {
    question: "Which film has the director who died earlier, The Virtuous Model or Bulldog Drummond'S Peril?",
    before: [
      ['the virtuous model', 'is', '1919 american silent drama film'],
      ['bulldog drummond s peril', 'directed by', 'james p  hogan'],
      ['the virtuous model', 'directed by', 'albert capellani'],
      ['bulldog drummond s revenge', 'directed by', 'louis king'],
      ['bulldog drummond s peril', 'is', 'american film'],
    ],
    after: [0, 1, 2, 4],
  },
];

/** json.dumps({"fact": facts}) with Python's default separators, as DSPyFilter.rerank writes it. */
const pyJson = (facts: readonly Fact[]) =>
  `{"fact": [${facts.map((f) => `[${f.map((x) => JSON.stringify(x)).join(', ')}]`).join(', ')}]}`;

const input = (question: string, facts: readonly Fact[]) =>
  `[[ ## question ## ]]\n${question}\n\n[[ ## fact_before_filter ## ]]\n${pyJson(facts)}\n\nRespond with the corresponding output fields, starting with the field \`[[ ## fact_after_filter ## ]]\` (must be formatted as a valid Python Fact), and then ending with the marker for \`[[ ## completed ## ]]\`.`;
const output = (facts: readonly Fact[]) => `[[ ## fact_after_filter ## ]]\n${pyJson(facts)}\n\n[[ ## completed ## ]]`;

export function build(question: string, facts: readonly Fact[]): ChatMessage[] {
  const messages: ChatMessage[] = [{ role: 'system', content: system }];
  for (const d of DEMOS)
    messages.push(
      { role: 'user', content: input(d.question, d.before) },
      { role: 'assistant', content: output(d.after.map((k) => d.before[k]!)) },
    );
  messages.push({ role: 'user', content: input(question, facts) });
  return messages;
}

export const schema = z.object({
  fact: z.array(z.array(z.string()).length(3, 'each fact is [subject, predicate, object]')),
});

/** The facts the model kept, as it wrote them (the fact_after_filter section, or the whole reply). */
export function parse(reply: string): Fact[] {
  const marker = reply.indexOf('[[ ## fact_after_filter ## ]]');
  const section =
    marker >= 0
      ? reply.slice(marker + '[[ ## fact_after_filter ## ]]'.length).split('[[ ## completed ## ]]')[0]!
      : reply;
  return parseJsonReply(module, section, schema).fact.map((f) => [f[0]!, f[1]!, f[2]!] as const);
}
