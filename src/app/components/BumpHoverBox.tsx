import type { Passage } from '../../core/types.ts';
import { RoleMark } from './Marks.tsx';

type Props = { passage: Passage | undefined; gold: ReadonlySet<string>; bridge: ReadonlySet<string> };

/** Below the bump chart: the hovered or focused line's passage (a fixed-height box, so nothing jumps). */
export function BumpHoverBox({ passage, gold, bridge }: Props) {
  return (
    <div className="hover-box" data-testid="chart-hover" aria-live="polite">
      {passage ? (
        <>
          <strong>{passage.title}</strong>
          <RoleMark id={passage.id} gold={gold} bridge={bridge} /> <span className="passage-text">{passage.text}</span>
        </>
      ) : (
        <span className="muted">Hover or focus (Tab) a line to read its passage.</span>
      )}
    </div>
  );
}
