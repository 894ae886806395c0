import { FinalPanel } from './FinalPanel.tsx';
import { Promotions } from './Promotions.tsx';
import { ReasoningChain } from './ReasoningChain.tsx';
import type { InspectorTrace } from './use-inspector-trace.ts';

/** The side column's panels: the answer with its scores, the reasoning chain and the verifier's cut. */
export function InspectorSidePanels({ view }: { view: InspectorTrace }) {
  const { model, trace, status, runContext, gold, bridge, passages } = view;
  return (
    <>
      {/* While a run streams, its header (trace.llm) is not here yet: the first LLM call names the provider. */}
      <div data-step-panel="answer">
        <FinalPanel
          model={model}
          scores={view.scores}
          llmLabel={trace?.llm ?? model.llmProvider}
          hasGold={gold.size > 0}
          running={status === 'running'}
          run={runContext}
        />
      </div>
      <div data-step-panel="chain">
        <ReasoningChain chain={model.chain} run={runContext} />
      </div>
      <div data-step-panel="verifier cut">
        <Promotions model={model} gold={gold} bridge={bridge} passages={passages} run={runContext} />
      </div>
    </>
  );
}
