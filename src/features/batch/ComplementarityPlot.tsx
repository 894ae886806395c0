import { Options } from '../../app/components/Options.tsx';
import { Fragment } from 'react';
import { BarChart } from './charts.tsx';
import { PlotCard } from './PlotCard.tsx';
import type { ComplementarityLanes } from './use-complementarity-lanes.ts';

/** How many questions each of two lanes (or both, or neither) has all gold in the top 5, with pickers for the two lanes. */
export function ComplementarityPlot({ compared, lanes, pair, setPairPick }: ComplementarityLanes) {
  if (!pair || !lanes) return null;
  return (
    <PlotCard
      title={`Complementarity: all gold in top 5, ${lanes[0]} vs ${lanes[1]}`}
      file="complementarity"
      note={
        <span className="pair-pick" data-testid="complementarity-pick">
          Compare{' '}
          {([0, 1] as const).map((side) => (
            <Fragment key={side}>
              {side === 1 && ' with '}
              <select
                aria-label={side === 0 ? 'First lane' : 'Second lane'}
                data-testid={`complementarity-lane-${side}`}
                value={lanes[side]}
                onChange={(e) => setPairPick(side === 0 ? [e.target.value, lanes[1]] : [lanes[0], e.target.value])}
              >
                <Options values={compared.filter((k) => k !== lanes[side === 0 ? 1 : 0])} />
              </select>
            </Fragment>
          ))}
        </span>
      }
    >
      {(ref) => (
        <BarChart
          ref={ref}
          title="Complementarity"
          max={Math.max(1, pair.aOnly, pair.bOnly, pair.both, pair.neither)}
          unit="count"
          groups={[
            { label: `${lanes[0]} only`, values: [{ name: 'questions', value: pair.aOnly }] },
            { label: `${lanes[1]} only`, values: [{ name: 'questions', value: pair.bOnly }] },
            { label: 'both', values: [{ name: 'questions', value: pair.both }] },
            { label: 'neither', values: [{ name: 'questions', value: pair.neither }] },
          ]}
        />
      )}
    </PlotCard>
  );
}
