// Strategy options: typed, with the papers' defaults, validated once (a wrong option is a programmer
// error and throws), and recorded in full in trace.options so every run states its parameters.
import { z } from 'zod';
import { NORMALIZATIONS } from './pool.ts';
import { StrategyError } from './context.ts';

export const count = (d: number) => z.number().int().min(1).default(d);
/** Passages of the final context the reader sees; "all" = the whole final context. */
export const readerTopOption = (d: number | 'all') => z.union([z.number().int().min(1), z.literal('all')]).default(d);

/** Options every strategy has. */
export const commonOptions = {
  /** Passages per retrieval (each query's top-k enters the pool). */
  depth: count(50),
  /** Passages of the current pool shown to thought/step prompts (best first). */
  contextTop: count(5),
  /** Per-retrieval score normalisation before the Eq. 4 max-update (see pool.ts). */
  normalize: z.enum(NORMALIZATIONS).default('minmax'),
  /** Run the shared answer step (reader prompt over the final context). */
  answer: z.boolean().default(true),
  readerTop: readerTopOption(5),
};

export type OptionsOf<S extends z.ZodRawShape> = z.infer<z.ZodObject<S>>;

export function parseOptions<S extends z.ZodRawShape>(
  strategy: string,
  shape: S,
  raw: Record<string, unknown> | undefined,
): OptionsOf<S> {
  const result = z
    .object(shape)
    .strict()
    .safeParse(raw ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const path = issue?.path.length ? issue.path.join('.') : '(options)';
    throw new StrategyError(`strategies.${strategy}`, `option ${path}: ${issue?.message ?? 'invalid'}`);
  }
  return result.data;
}

export function readerCount(readerTop: number | 'all', contextLength: number): number {
  return readerTop === 'all' ? contextLength : readerTop;
}
