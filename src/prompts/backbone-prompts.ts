// The prompts the backbones use with an LLM (core's BackbonePrompts port), gathered so every host passes
// one object to buildBackbone: RAPTOR's cluster summary, GraphRAG's community report, HippoRAG 2's filter.
import type { BackbonePrompts } from '../core/backbones/descriptor.ts';
import * as graphragReport from './graphrag-community-report.ts';
import * as recognitionFilter from './hipporag2-recognition-filter.ts';
import * as raptorSummary from './raptor-summarize.ts';

export const BACKBONE_PROMPTS: BackbonePrompts = { raptorSummary, graphragReport, recognitionFilter };
