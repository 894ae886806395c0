// The offline thinker's reply to the `auto` router's LLM-judgment prompt (src/prompts/auto-route.ts):
// a labelled wording heuristic, not a judgment. It reads the menu and the question from the prompt and
// picks: comparison wording -> IRCoT (one hop per compared entity), two or more nesting cues ("of",
// possessives: composed relations) -> BDTR, one named entity and at most one nesting cue -> static,
// otherwise IRGS; each only when offered, else the cheapest offered route that is not static.
import { isComparison, nestingCount, entityCount } from '../../core/strategies/router.ts';

export const OFFLINE_ROUTE_LABEL = 'offline thinker heuristic (no LLM)';

interface Offered {
  name: string;
  calls: number;
}

function menuOf(user: string): Offered[] {
  return [...user.matchAll(/^- ([\w-]+) \((\d+) LLM calls?\):/gm)].map((m) => ({ name: m[1]!, calls: Number(m[2]) }));
}

export function offlineRouteReply(user: string): string {
  const question = [...user.matchAll(/^Question: (.*)$/gm)].at(-1)?.[1]?.trim() ?? '';
  const offered = menuOf(user);
  const has = (n: string) => offered.some((o) => o.name === n);
  const nested = nestingCount(question);
  let want: string;
  let why: string;
  if (isComparison(question)) [want, why] = ['ircot', 'comparison wording'];
  else if (nested >= 2) [want, why] = ['bdtr', `${nested} nesting cues (composed relations)`];
  else if (entityCount(question) <= 1 && nested <= 1)
    [want, why] = ['static', 'one named entity, at most one nesting cue'];
  else [want, why] = ['irgs', 'several entities, little nesting'];
  if (!has(want)) {
    const fallback = [...offered].filter((o) => o.name !== 'static').sort((a, b) => a.calls - b.calls)[0] ?? offered[0];
    why += `; ${want} not offered, cheapest iterative route`;
    want = fallback?.name ?? want;
  }
  return JSON.stringify({ route: want, reason: `${OFFLINE_ROUTE_LABEL}: ${why}` });
}
