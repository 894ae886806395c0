// A server script over the demo's questions: every call is answered with the question's gold answer,
// except the calls about one question, which the server refuses (a 400), so exactly that question fails.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Script } from './openai-server.ts';

export interface DemoQuestion {
  _id: string;
  question: string;
  answer: string;
}

export async function demoScriptFailing(demoDir: string, doomedIndex: number) {
  const questions = JSON.parse(await readFile(join(demoDir, 'demo.json'), 'utf8')) as DemoQuestion[];
  const doomed = questions[doomedIndex]!;
  const script: Script = (body) => {
    const prompt = body.messages.map((m) => m.content).join('\n');
    if (prompt.includes(doomed.question))
      return { fault: { kind: 'status', status: 400, message: 'this request is malformed' } };
    const q = questions.find((x) => prompt.includes(x.question));
    return { content: JSON.stringify({ thought: 'scripted', answer: q?.answer ?? 'unknown' }) };
  };
  return { doomed, script };
}
