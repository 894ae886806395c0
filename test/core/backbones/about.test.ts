// One description per backbone: the builders' descriptors, the glossary and the page's picker all read
// src/core/backbones/about.ts, so none of them can describe a backbone differently from the others.
import { describe, expect, it } from 'vitest';
import { GLOSSARY } from '../../../src/app/glossary.ts';
import { BACKBONE_LABELS, BACKBONE_SHORT } from '../../../src/app/strategy-labels.ts';
import { BACKBONE_ABOUT } from '../../../src/core/backbones/about.ts';
import { BACKBONE_DESCRIPTORS, BACKBONES } from '../../../src/core/backbones/index.ts';
import { BM25_DEFAULTS } from '../../../src/core/index/bm25.ts';

describe('backbone descriptions', () => {
  it('are the same in the descriptors, the glossary and the picker', () => {
    expect(Object.keys(BACKBONE_ABOUT).sort()).toEqual([...BACKBONES].sort());
    for (const name of BACKBONES) {
      const about = BACKBONE_ABOUT[name];
      const d = BACKBONE_DESCRIPTORS[name];
      expect([d.title, d.label, d.explanation, d.paper]).toEqual([
        about.title,
        about.label,
        about.explanation,
        about.paper,
      ]);
      expect(BACKBONE_LABELS[name]).toBe(about.label);
      expect(BACKBONE_SHORT[name]).toBe(about.title);
      expect(GLOSSARY.some((e) => e.short.includes(about.explanation))).toBe(true);
    }
  });
  it("state BM25's parameters as the index runs them", () => {
    expect(BACKBONE_ABOUT.bm25.paper).toContain(`k1 = ${BM25_DEFAULTS.k1}, b = ${BM25_DEFAULTS.b}`);
  });
});
