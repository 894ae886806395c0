// The inspector's status line while a run waits for a backbone's one-time build:
// "Building RAPTOR's tree: summarising level 2 · 40% · about 8 s left".
import type { BuildStatus } from '../state/run-slice.ts';

const WHAT: Record<string, string> = {
  raptor: 'RAPTOR’s tree',
  graphrag: 'GraphRAG’s communities',
  hipporag2: 'HippoRAG 2’s graph',
  naivege: 'GEAR’s triple index',
};

const seconds = (ms: number) => {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
};

/** The status line: what is being built, the stage, its share done and, once some is done, the time left at the rate so far. */
export function buildMessage(s: BuildStatus): string {
  const parts = [`Building ${WHAT[s.backbone] ?? s.backbone}: ${s.stage}`];
  if (s.total > 0) {
    parts.push(`${Math.round((100 * s.done) / s.total)}%`);
    const elapsed = s.at - s.stageStartedAt;
    if (s.done > 0 && s.done < s.total && elapsed > 0)
      parts.push(`about ${seconds((elapsed / s.done) * (s.total - s.done))} left`);
  }
  return parts.join(' · ');
}
