import { ErrorLine } from '../../app/components/ErrorLine.tsx';
import { useRef, useState, type ReactElement, type ReactNode, type Ref } from 'react';
import { download } from '../../app/download.ts';
import { svgText, svgToPng } from './export.ts';
import { SmallButton } from '../../app/components/SecondaryButton.tsx';

interface Props {
  title: string;
  file: string;
  note?: ReactNode;
  children: (ref: Ref<SVGSVGElement>) => ReactElement;
}

/** A plot with its SVG/PNG export buttons. */
export function PlotCard({ title, file, note, children }: Props) {
  const ref = useRef<SVGSVGElement>(null);
  const [error, setError] = useState<string | null>(null);
  const svg = () => {
    if (!ref.current) throw new Error(`batch export: the ${title} plot is not drawn`);
    return ref.current;
  };
  const run = (f: () => Promise<void> | void) => async () => {
    setError(null);
    try {
      await f();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <figure className="panel plot-card" data-testid="batch-plot" aria-label={title}>
      <figcaption>
        <strong>{title}</strong>
        <span className="plot-actions">
          <SmallButton
            data-testid="export-svg"
            onClick={run(() => download(`${file}.svg`, new Blob([svgText(svg())], { type: 'image/svg+xml' })))}
          >
            SVG
          </SmallButton>
          <SmallButton
            data-testid="export-png"
            onClick={run(async () => download(`${file}.png`, await svgToPng(svg())))}
          >
            PNG
          </SmallButton>
        </span>
      </figcaption>
      {children(ref)}
      {note && <p className="muted plot-note">{note}</p>}
      <ErrorLine error={error} />
    </figure>
  );
}
