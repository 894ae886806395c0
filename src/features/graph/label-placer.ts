// Labels that would overlap are not drawn (sigma draws every forced label wherever it falls, so they pile up).
// Before each frame they are placed in labelPriority order, bigger first within a rank; the first to claim a box
// keeps it. A skipped label shows on hover.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const PAD = 2;

export interface LabelPlacer {
  /** Forget the boxes of the last frame. */
  reset(): void;
  /**
   * Claims the box when it overlaps no claimed label and no blocked disc (with `overDiscs`, no claimed
   * label only: a label may then cross a disc); false when the label must go elsewhere or be skipped.
   */
  claim(box: Box, overDiscs?: boolean): boolean;
  /** Holds a box no label may cover (a labelled node's disc) unless claimed `overDiscs`. */
  block(box: Box): void;
}

export function createLabelPlacer(): LabelPlacer {
  let labels: Box[] = [];
  let discs: Box[] = [];
  const overlaps = (a: Box, b: Box) =>
    a.x < b.x + b.w + PAD && b.x < a.x + a.w + PAD && a.y < b.y + b.h + PAD && b.y < a.y + a.h + PAD;
  return {
    reset: () => {
      labels = [];
      discs = [];
    },
    claim(box, overDiscs = false) {
      if (labels.some((b) => overlaps(b, box))) return false;
      if (!overDiscs && discs.some((b) => overlaps(b, box))) return false;
      labels.push(box);
      return true;
    },
    block(box) {
      discs.push(box);
    },
  };
}

/** Lower draws first. */
export function labelPriority(
  d: { highlighted?: boolean; kind?: string; color?: string; label?: string | null },
  seedColor: string,
): number {
  if (d.highlighted) return 0;
  if (d.label?.startsWith('★') || d.label?.startsWith('◆')) return 1;
  // The run's outcome (the cut, the verifier's promotions) before the seed phrases.
  if (/ · (cut #|verifier )/.test(d.label ?? '')) return 1;
  if (d.kind === 'phrase' && d.color === seedColor) return 2;
  if (d.label?.includes(' · ')) return 3;
  return 4;
}
