// One-line captions for the step-through mode, derived from each event ("the slow
// thought names the bridge entity Kiddieland", "the verifier moved passage 17 from rank 23 to rank 1").
import type { TraceEvent } from '../../core/trace/schema.ts';
import { cutParts, cutSummary } from './cut-text.ts';

export type CaptionContext = { titleOf(id: string): string; gold: ReadonlySet<string>; bridge: ReadonlySet<string> };

const quote = (s: string, max = 90) => `"${s.length > max ? `${s.slice(0, max - 1)}…` : s}"`;

/** Caption of events[i]; earlier events give the context (previous pool ranks). */
export function caption(events: readonly TraceEvent[], i: number, ctx: CaptionContext): string {
  const e = events[i];
  if (!e) return '';
  switch (e.type) {
    case 'round.start':
      return e.round === 0 ? 'Round 0: the question itself goes to the retriever' : `Round ${e.round} begins`;
    case 'thought': {
      if (e.kind === 'reasoning-chain') return `the reasoning chain: ${e.text}`;
      // DualRAG's Reasoner and GEAR's checks say what they decided, not what they "ask".
      if (e.kind === 'retrieval-flag')
        return e.text === 'retrieve'
          ? 'the reasoner decides to retrieve before it goes on'
          : 'the reasoner decides it knows enough: no retrieval, answer';
      if (e.kind === 'reasoner') return `the reasoner writes ${quote(e.text)}`;
      if (e.kind === 'entity-identifier') return `the entity identifier picks what to look up: ${quote(e.text)}`;
      if (e.kind === 'answerability') return `the answerability check: ${quote(e.text.replace(/\s+/g, ' '))}`;
      if (e.kind === 'rewrite') return `the query is rewritten: ${quote(e.text)}`;
      const named = [...ctx.bridge]
        .map((id) => ctx.titleOf(id))
        .find((title) => title && e.text.toLowerCase().includes(title.toLowerCase()));
      if (named) return `the ${e.kind} thought names the bridge entity ${named}`;
      return `the ${e.kind} thought asks ${quote(e.text)}`;
    }
    case 'retrieve': {
      const top = e.results[0];
      const gold = e.results.filter((r) => ctx.gold.has(r.id)).length;
      const topText = top ? `; top hit ${ctx.titleOf(top.id)}` : '';
      return `the ${e.label} query retrieves ${e.results.length} passages${topText}${ctx.gold.size ? `, ${gold} gold` : ''}`;
    }
    case 'pool': {
      const previous = events.slice(0, i).findLast((x) => x.type === 'pool');
      const wasAt = (id: string) =>
        previous?.type === 'pool' ? previous.pool.find((x) => x.id === id)?.rank : undefined;
      const rises = e.pool
        .filter((p) => ctx.gold.has(p.id))
        .map((p) => ({ p, was: wasAt(p.id) }))
        .filter(({ p, was }) => was !== p.rank);
      const best = rises.sort((a, b) => (b.was ?? 999) - b.p.rank - ((a.was ?? 999) - a.p.rank))[0];
      const move = best
        ? best.was === undefined
          ? `; gold ${ctx.titleOf(best.p.id)} enters at rank ${best.p.rank}`
          : `; gold ${ctx.titleOf(best.p.id)} moves from rank ${best.was} to rank ${best.p.rank}`
        : '';
      return `the pool holds ${e.pool.length} passages${move}`;
    }
    case 'llm':
      return `${e.module}: ${e.cached ? 'answered from the cache' : `${e.usage.total} tokens in ${Math.round(e.latencyMs)} ms`} (${e.provider})`;
    case 'verify':
      return `the verifier selects ${e.selected.length} of the top ${e.candidates.length}: ${e.selected.map(ctx.titleOf).join(', ')}`;
    case 'promote': {
      const biggest = [...e.moves].sort((a, b) => b.from - b.to - (a.from - a.to))[0];
      if (!biggest) return 'the verifier promotes nothing';
      return `the verifier moved passage ${ctx.titleOf(biggest.id)} from rank ${biggest.from} to rank ${biggest.to}${e.moves.length > 1 ? ` (and ${e.moves.length - 1} more)` : ''}`;
    }
    case 'cutoff': {
      // Scores from the last pool before the cut (promotion keeps each passage's own score).
      const before = events.slice(0, i);
      const pool = before.findLast((x) => x.type === 'pool');
      const verify = before.findLast((x) => x.type === 'verify');
      const scores = new Map(pool?.type === 'pool' ? pool.pool.map((p) => [p.id, p.score]) : []);
      const parts = cutParts(e, verify?.type === 'verify' ? verify.selected : [], (id) => scores.get(id));
      return `the cut keeps ${e.kept.length} passages: ${cutSummary(parts, e.threshold)} (μ = ${e.mu.toFixed(2)}, σ = ${e.sigma.toFixed(2)})`;
    }
    case 'memory':
      return `${e.kind === 'gist' ? 'gist memory' : e.kind === 'outline' ? 'knowledge outline' : e.kind} now holds ${e.entries.length} ${e.entries.length === 1 ? 'entry' : 'entries'}`;
    case 'context':
      return `${e.module} is shown ${e.ids.length} passages`;
    case 'beam':
      return `beam step ${e.step} keeps ${e.kept.length} triple paths, prunes ${e.pruned.length}`;
    case 'plan':
      return e.action === 'finalize'
        ? `the planner finalizes (sufficiency ${e.sufficiency?.toFixed(2) ?? 'n/a'}): ${quote(e.partialAnswer)}`
        : `the planner continues with ${quote(e.subquery ?? '')}`;
    case 'warning':
      return `${e.module} warning: ${e.message}`;
    case 'answer':
      return `the answer: ${quote(e.text)}`;
    case 'error':
      return `${e.module} failed: ${e.message}`;
  }
}
