import { BumpChart } from '../../app/components/BumpChart.tsx';
import { useAppStore } from '../../state/use-app-store.ts';
import { DualRagOutline } from './DualRagOutline.tsx';
import { GearPanel } from './GearPanel.tsx';
import { InspectorSidePanels } from './InspectorSidePanels.tsx';
import { PlannerPanel } from './PlannerPanel.tsx';
import { RoundTimeline } from './RoundTimeline.tsx';
import type { InspectorTrace } from './use-inspector-trace.ts';

/** The two columns: timeline, outline, plan, rank chart and beam; the answer, chain and verifier beside them. */
export function InspectorGrid({ view }: { view: InspectorTrace }) {
  const sideCollapsed = useAppStore((s) => s.sideCollapsed);
  const { model, gold, bridge, passages } = view;
  return (
    <div className="inspector-grid">
      <div className="col-main">
        <RoundTimeline rounds={model.rounds} gold={gold} bridge={bridge} passages={passages} />
        <div data-step-panel="outline">
          <DualRagOutline events={view.shown} gold={gold} passages={passages} />
        </div>
        <div data-step-panel="plan">
          <PlannerPanel view={view} />
        </div>
        <div data-step-panel="ranks">
          <BumpChart model={model} maxRank={view.chartRows} {...view.marks} />
        </div>
        <div data-step-panel="beam">
          <GearPanel events={view.shown} passages={passages} />
        </div>
        {/* With the side column folded, its panels come under the chart: the answer and the verifier stay reachable. */}
        {sideCollapsed && <InspectorSidePanels view={view} />}
      </div>
      <div className="col-side" id="inspector-side">
        {!sideCollapsed && <InspectorSidePanels view={view} />}
      </div>
    </div>
  );
}
