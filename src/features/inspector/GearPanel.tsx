// GEAR in the inspector: per step, the Diverse Triple Beam Search (each kept sequence as a path of
// triples with its score and the diversity weight of its last extension; a triple opens its passage),
// the gist memory as it grows (new entries marked, with the passages and queries they came from), and
// the expansion paths of the final beams drawn as a small entity graph with the paths highlighted.
import { useMemo, useState } from 'react';
import { gearView, type GearView } from '../../core/strategies/gear-trace.ts';
import type { TraceEvent, TripleRef } from '../../core/trace/schema.ts';
import type { PassageLookup } from '../../app/use-trace-passages.ts';

export function GearPanel({ events, passages }: { events: readonly TraceEvent[]; passages: PassageLookup }) {
  const view = useMemo(() => gearView(events), [events]);
  const [selected, setSelected] = useState<TripleRef | null>(null);
  if (view.beams.length === 0 && view.memory.length === 0) return null;
  const rounds = [...new Set([...view.beams, ...view.memory].map((x) => x.round))].sort((a, b) => a - b);
  const passage = selected?.passage ? passages.get(selected.passage) : undefined;
  return (
    <section className="panel gear-panel" aria-labelledby="gear-heading" data-testid="gear-panel">
      <h2 id="gear-heading">GEAR: beams and gist memory</h2>
      {rounds.map((round) => (
        <div key={round} className="gear-round" data-testid="gear-round" data-round={round}>
          <h3>Step {round}</h3>
          {view.beams
            .filter((b) => b.round === round)
            .map((b) => (
              <div key={b.step} className="gear-beam" data-testid="gear-beam" data-step={b.step}>
                <p className="muted">
                  {b.step === 1 ? 'B₀: initial triples' : `after extension ${b.step - 1}`} for “{b.query}” ·{' '}
                  {b.kept.length} kept, {b.pruned} best pruned candidates in the trace (at most 30)
                </p>
                <ol className="gear-sequences">
                  {b.kept.map((k, i) => (
                    <li key={i} data-testid="gear-sequence">
                      <span className="gear-score" title="sequence score (after the diversity weight)">
                        {k.score.toFixed(3)}
                      </span>
                      <span className="gear-weight" title="diversity weight exp(-min(n, γ)/γ) of the last extension">
                        w {k.weight.toFixed(3)}
                      </span>
                      {k.triples.map((t, j) => (
                        <span key={t.id}>
                          {j > 0 && <span aria-hidden="true"> → </span>}
                          <button
                            type="button"
                            className="gear-triple"
                            data-testid="gear-triple"
                            onClick={() => setSelected(t)}
                            title={t.passage ? `from ${passages.titleOf(t.passage)}` : 'not linked'}
                          >
                            ({t.subject}, {t.predicate}, {t.object})
                          </button>
                        </span>
                      ))}
                    </li>
                  ))}
                </ol>
              </div>
            ))}
          <Memory view={view} round={round} titleOf={passages.titleOf} />
        </div>
      ))}
      {selected && (
        <div className="gear-passage" data-testid="gear-passage">
          <strong>
            ({selected.subject}, {selected.predicate}, {selected.object})
          </strong>
          {passage ? (
            <p>
              <span className="muted">from </span>
              <strong>{passage.title}</strong>: {passage.text}
            </p>
          ) : (
            <p className="muted">{selected.passage ? `passage ${selected.passage}` : 'not linked to a passage'}</p>
          )}
        </div>
      )}
      <PathGraph view={view} onSelect={setSelected} />
    </section>
  );
}

function Memory({ view, round, titleOf }: { view: GearView; round: number; titleOf: (id: string) => string }) {
  const m = view.memory.find((x) => x.round === round);
  if (!m) return null;
  return (
    <div className="gear-memory" data-testid="gear-memory" data-round={round}>
      <p className="muted">
        Gist memory G({round}): {m.entries.length} triples
      </p>
      <ul>
        {m.entries.map((e) => (
          <li key={e.text} data-testid="gear-memory-entry" data-new={e.isNew}>
            {e.isNew && <span className="badge">new</span>} {e.text}
            <span className="muted">
              {' '}
              · from {e.passages.length ? e.passages.map(titleOf).join(', ') : 'no read passage names it'} · query “
              {e.queries.join('”, “')}”
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Entities of the final beams' paths on a circle, each triple an edge; the paths are the highlighted edges. */
function PathGraph({ view, onSelect }: { view: GearView; onSelect: (t: TripleRef) => void }) {
  const last = Math.max(...view.paths.map((p) => p.round));
  const paths = view.paths.filter((p) => p.round === last);
  if (paths.length === 0) return null;
  const key = (s: string) => s.trim().toLowerCase();
  const names = new Map<string, string>();
  const edges = new Map<string, TripleRef>();
  for (const p of paths)
    for (const t of p.triples) {
      if (!names.has(key(t.subject))) names.set(key(t.subject), t.subject);
      if (!names.has(key(t.object))) names.set(key(t.object), t.object);
      edges.set(t.id, t);
    }
  const nodes = [...names.keys()];
  const size = 360;
  const r = 130;
  const at = (i: number) => (2 * Math.PI * i) / nodes.length;
  const pos = new Map(
    nodes.map((n, i) => [n, { x: size / 2 + r * Math.cos(at(i)), y: size / 2 + r * Math.sin(at(i)) }]),
  );
  return (
    <figure className="gear-graph">
      <figcaption className="muted">
        Expansion paths of step {last}: entities, and the triples the final beams walked (highlighted)
      </figcaption>
      <svg
        viewBox={`0 0 ${size} ${size}`}
        width={size}
        height={size}
        data-testid="gear-path-graph"
        role="img"
        aria-label="GEAR expansion paths"
      >
        {[...edges.values()].map((t) => {
          const a = pos.get(key(t.subject))!;
          const b = pos.get(key(t.object))!;
          return (
            <g key={t.id} className="gear-edge" data-testid="gear-path-edge" onClick={() => onSelect(t)}>
              <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke="#d9480f" strokeWidth={3} />
              <title>{`(${t.subject}, ${t.predicate}, ${t.object})`}</title>
            </g>
          );
        })}
        {nodes.map((n) => {
          const p = pos.get(n)!;
          return (
            <g key={n}>
              <circle cx={p.x} cy={p.y} r={5} fill="#1c4e80" />
              <text
                x={p.x > size / 2 ? p.x - 7 : p.x + 7}
                y={p.y - 6}
                fontSize={10}
                textAnchor={p.x > size / 2 ? 'end' : 'start'}
              >
                {names.get(n)!.slice(0, 28)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
