// The papers' methods and the hosts' retrieval baselines, in the order every listing shows them (each
// one's ablations follow it). A new method is one file exporting its descriptor plus one entry here.
// Composites (auto, ensemble) are listed in registry.ts: they choose among these.
import { bdtr } from './bdtr.ts';
import type { NamesOf } from './descriptor.ts';
import { dualrag } from './dualrag.ts';
import { gcot } from './gcot.ts';
import { gear } from './gear.ts';
import { ircot } from './ircot.ts';
import { irgs } from './irgs.ts';
import { planner } from './planner.ts';
import { single, singleRead, staticRetrieval } from './static.ts';
import { tog } from './tog.ts';

export const METHODS = [
  single,
  singleRead,
  staticRetrieval,
  ircot,
  irgs,
  tog,
  gcot,
  bdtr,
  gear,
  planner,
  dualrag,
] as const;

export type MethodName = NamesOf<(typeof METHODS)[number]>;
