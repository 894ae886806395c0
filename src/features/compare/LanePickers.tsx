import { Options } from '../../app/components/Options.tsx';
import { BACKBONE_SHORT, STRATEGY_SHORT } from '../../app/strategy-labels.ts';
import { RUN_BACKBONES, RUN_STRATEGIES, type RunBackbone, type RunStrategy } from '../../engine/engine-api.ts';
import type { CompareLane } from '../../state/compare-slice.ts';
import { useAppStore } from '../../state/use-app-store.ts';

/** A run lane's strategy and backbone pickers. */
export function LanePickers({ lane }: { lane: Extract<CompareLane, { kind: 'run' }> }) {
  const setLane = useAppStore((s) => s.setLane);
  return (
    <span className="lane-pickers">
      <select
        aria-label="Strategy"
        data-testid="compare-strategy"
        value={lane.strategy}
        onChange={(e) => setLane(lane.key, { ...lane, strategy: e.target.value as RunStrategy })}
      >
        <Options values={RUN_STRATEGIES} label={(x) => STRATEGY_SHORT[x]} />
      </select>
      <select
        aria-label="Backbone"
        data-testid="compare-backbone"
        value={lane.backbone}
        onChange={(e) => setLane(lane.key, { ...lane, backbone: e.target.value as RunBackbone })}
      >
        <Options values={RUN_BACKBONES} label={(b) => `on ${BACKBONE_SHORT[b]}`} />
      </select>
    </span>
  );
}
