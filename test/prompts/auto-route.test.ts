// The `auto` router's LLM-judgment prompt (ours): what it shows, how its JSON reply is validated, and
// the offline thinker's labelled heuristic reply to it.
import { describe, expect, it } from 'vitest';
import { ROUTE_MENU } from '../../src/core/strategies/auto.ts';
import { build, parse, version } from '../../src/prompts/auto-route.ts';
import { LlmOutputError } from '../../src/prompts/parse.ts';
import { createOfflineThinker, OFFLINE_THINKER_LABEL } from '../../src/providers/llm/offline-thinker.ts';
import { OFFLINE_ROUTE_LABEL } from '../../src/providers/llm/offline-thinker-route.ts';

const menu = (['static', 'ircot', 'irgs', 'bdtr'] as const).map((name) => ({ name, ...ROUTE_MENU[name] }));
const offered = menu.map((m) => m.name);

describe('auto-route prompt', () => {
  it('shows the menu with costs, the base retrieval titles and the question', () => {
    const [system, user] = build('Who directed Film One?', menu, ['Film One', 'Ann Lee']);
    expect(version).toBe('hopscope-auto-route/1');
    expect(system!.content).toContain('{"route": "<route name>", "reason": "<one short sentence>"}');
    expect(user!.content).toContain('- static (1 LLM call): one retrieval');
    expect(user!.content).toContain('- bdtr (5 LLM calls): BDTR');
    expect(user!.content).toContain('1. Film One\n2. Ann Lee');
    expect(user!.content).toMatch(/\nQuestion: Who directed Film One\?\nYour JSON:$/);
    expect(build('Q?', menu, [])[1]!.content).toContain('(nothing retrieved)');
  });
  it('parses a route on the menu (any case, fenced or with prose around it)', () => {
    expect(parse('{"route": "bdtr", "reason": "three hops"}', offered)).toEqual({
      route: 'bdtr',
      reason: 'three hops',
    });
    expect(parse('Sure:\n```json\n{"route": " IRGS "}\n```', offered)).toEqual({ route: 'irgs', reason: '' });
  });
  it.each([
    [
      'a route off the menu',
      '{"route": "gear", "reason": "x"}',
      'route "gear" is not one of static, ircot, irgs, bdtr',
    ],
    ['no JSON', 'static, I think', 'no JSON object or array found'],
    ['no route key', '{"choice": "static"}', 'route: '],
    ['a number as route', '{"route": 3}', 'route: '],
  ])('raises LlmOutputError on %s', (_case, reply, reason) => {
    expect(() => parse(reply, offered)).toThrow(LlmOutputError);
    expect(() => parse(reply, offered)).toThrow(reason);
  });
});

describe("the offline thinker's route heuristic (labelled, no LLM)", () => {
  const ask = async (question: string, routes = menu) => {
    const reply = await createOfflineThinker().complete({
      module: 'auto.route',
      messages: build(question, routes, ['Some Title']),
    });
    expect(reply.provider).toBe(OFFLINE_THINKER_LABEL);
    return parse(
      reply.text,
      routes.map((r) => r.name),
    );
  };
  it.each([
    ['Which film came out first, Alpha or Beta?', 'ircot', 'comparison wording'],
    ["Who is the mother of the director of Ann Lee's film?", 'bdtr', '3 nesting cues'],
    ['Where was Ann Lee born?', 'static', 'one named entity'],
    ['When did Ann Lee meet Bob Ray in Paris?', 'irgs', 'several entities'],
  ])('%s -> %s', async (question, route, why) => {
    const out = await ask(question);
    expect(out.route).toBe(route);
    expect(out.reason).toContain(OFFLINE_ROUTE_LABEL);
    expect(out.reason).toContain(why);
  });
  it('picks only offered routes: the cheapest iterative one when its choice is not on the menu', async () => {
    const out = await ask(
      'Which film came out first, Alpha or Beta?',
      menu.filter((m) => m.name !== 'ircot'),
    );
    expect(out.route).toBe('irgs');
    expect(out.reason).toContain('ircot not offered');
  });
});
