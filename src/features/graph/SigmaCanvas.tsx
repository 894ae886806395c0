import { useEffect, useRef } from 'react';
import type { GraphView } from '../../engine/engine-api.ts';
import type { NodeAttributes, ViewState } from './graph-style.ts';
import { useCameraReset, useSigmaRenderer, useSigmaResize, useViewStateRefresh } from './use-sigma.ts';

interface Props {
  view: GraphView;
  nodes: Map<string, NodeAttributes>;
  state: ViewState;
  onSelect(key: string | null): void;
  /** Bumped by the Fit button: the camera animates back to the whole graph. */
  resetSignal?: number;
}

/** The sigma renderer: built once per view; slider, gold and selection refresh only what they change (refreshFor). */
export function SigmaCanvas({ view, nodes, state, onSelect, resetSignal = 0 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const stateRef = useRef(state);
  const onSelectRef = useRef(onSelect);

  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  const { sigma, error, tip } = useSigmaRenderer({ container, view, nodes, stateRef, onSelectRef });
  useSigmaResize(container, sigma);
  useCameraReset(sigma, resetSignal);
  useViewStateRefresh(sigma, stateRef, state);

  if (error) {
    return (
      <p className="error graph-canvas" role="alert">
        The graph cannot be drawn in this browser: {error}. The node list on the right still works.
      </p>
    );
  }
  return (
    <div className="graph-canvas-wrap">
      <div
        ref={container}
        className="graph-canvas"
        data-testid="graph-canvas"
        aria-label="Question graph (use the node list to navigate by keyboard)"
        role="img"
      />
      {tip && (
        <p className="graph-edge-tip" data-testid="graph-edge-tip" role="status">
          {tip}
        </p>
      )}
    </div>
  );
}
