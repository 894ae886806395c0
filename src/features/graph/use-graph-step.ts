// The graph and the inspector step together: while stepping, the graph shows the pool at the step's
// round; moving the slider moves the inspector to the start of that round (or back to the whole run).
import { roundAtStep, roundEndStep, type TraceModel } from '../../core/trace/fold.ts';
import type { TraceEvent } from '../../core/trace/schema.ts';
import { useAppStore } from '../../state/use-app-store.ts';

export function useGraphStep(model: TraceModel, events: readonly TraceEvent[]) {
  const sliderRound = useAppStore((s) => s.graphRound);
  const setSliderRound = useAppStore((s) => s.setGraphRound);
  const step = useAppStore((s) => s.step);
  const setStep = useAppStore((s) => s.setStep);
  const stepRound = step === null ? null : roundAtStep(model, step);
  const round = sliderRound ?? stepRound;
  // The marks follow the step itself: a round's thoughts and retrievals are drawn during that round, before
  // its pool (the pool listed stays the last one the step has seen).
  const marksRound = sliderRound ?? (step === null ? null : (events[Math.min(step, events.length) - 1]?.round ?? 0));
  const setRound = (r: number | null) => {
    // A round's last event, so its pool is shown: before the next round, or before the verifier.
    setStep(r === null ? null : roundEndStep(model, r));
    setSliderRound(r); // after setStep, which clears it
  };
  const at = step ?? events.length; // as the inspector's step bar counts
  return { step, setStep, round, marksRound, setRound, at };
}

export type GraphStep = ReturnType<typeof useGraphStep>;
