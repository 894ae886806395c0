// Composite strategies (`auto`, `ensemble`) run other strategies' bodies. index.ts hands them a
// MemberRunner so that they need not import the registry (no import cycle).
import type { Run } from './context.ts';

/** Run strategy `name`'s body on `run` with `raw` options (validated, defaults filled as for a top-level run). */
export type MemberRunner = (name: string, run: Run, raw: Record<string, unknown>) => Promise<Record<string, unknown>>;
