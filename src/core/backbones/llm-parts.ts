// The LLM-backed parts of the backbones (RAPTOR's summaries, GraphRAG's reports, HippoRAG 2's
// recognition filter): built from the configured LLM and the injected prompts, or, with no LLM, the
// labelled extractive stand-ins (the filter is then left out: the top facts are kept unfiltered).
import { HopscopeError } from '../errors.ts';
import { createLlmReportWriter, extractiveReportWriter, type ReportWriter } from '../graphrag/reports.ts';
import { createLlmSummarizer } from '../raptor/summarizer.ts';
import { extractiveSummarizer, type Summarizer } from '../raptor/tree.ts';
import { createLlmFactFilter, type FactFilter } from '../retrievers/fact-filter.ts';
import type { BackboneInputs, BackbonePrompts } from './descriptor.ts';

function promptsOf(inputs: BackboneInputs, what: string): BackbonePrompts {
  if (!inputs.prompts)
    throw new HopscopeError(
      'backbones',
      `${what} needs the backbone prompts with an LLM (pass prompts: BACKBONE_PROMPTS)`,
    );
  return inputs.prompts;
}

export function summarizerOf(inputs: BackboneInputs): Summarizer {
  if (!inputs.llm) return extractiveSummarizer;
  return createLlmSummarizer(inputs.llm, promptsOf(inputs, 'raptor').raptorSummary);
}

export function reportWriterOf(inputs: BackboneInputs): ReportWriter {
  if (!inputs.llm) return extractiveReportWriter;
  return createLlmReportWriter(inputs.llm, promptsOf(inputs, 'graphrag').graphragReport);
}

export function factFilterOf(inputs: BackboneInputs): FactFilter | undefined {
  if (!inputs.llm) return undefined;
  return createLlmFactFilter(inputs.llm, promptsOf(inputs, 'hipporag2').recognitionFilter);
}
