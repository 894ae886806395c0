import { FinalPanel } from './FinalPanel.tsx';
import { Promotions } from './Promotions.tsx';
import { ReasoningChain } from './ReasoningChain.tsx';
import type { InspectorTrace } from './use-inspector-trace.ts';

/** The side column's panels: the answer with its scores, the reasoning chain and the verifier's cut. */
export function InspectorSidePanels({ view }: { view: InspectorTrace }) {
  const { model, runContext } = view;
  return (
    <>
      <div data-step-panel="answer">
        <FinalPanel view={view} />
      </div>
      <div data-step-panel="chain">
        <ReasoningChain chain={model.chain} run={runContext} />
      </div>
      <div data-step-panel="verifier cut">
        <Promotions view={view} />
      </div>
    </>
  );
}
