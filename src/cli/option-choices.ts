// What a CLI flag accepts, read off the descriptors: the strategies' option shapes and the backbones'
// option schemas (an enum, optional or with a default), so the CLI restates no descriptor's list of values.
import { z } from 'zod';
import { BACKBONE_DESCRIPTORS, BACKBONES } from '../core/backbones/index.ts';
import { flatten, REGISTRY } from '../core/strategies/index.ts';

/** The values of an enum schema under any optional, nullable or default wrappers; none for another schema. */
function enumValues(schema: unknown): string[] {
  let s = schema;
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap();
  return s instanceof z.ZodEnum ? s.options.map(String) : [];
}

const union = (lists: string[][]): string[] => [...new Set(lists.flat())];

/** The values strategy option `option` takes, over every strategy that has it (in the registry's order). */
export function strategyChoices(option: string): string[] {
  return union(flatten(REGISTRY).map((d) => enumValues((d.shape as Record<string, unknown>)[option])));
}

/** The values backbone option `option` takes, over every backbone whose schema has it. */
export function backboneChoices(option: string): string[] {
  return union(
    BACKBONES.map((n) => {
      const schema = BACKBONE_DESCRIPTORS[n].options as { shape?: Record<string, unknown> };
      return enumValues(schema.shape?.[option]);
    }),
  );
}
