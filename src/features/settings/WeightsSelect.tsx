import { Options } from '../../app/components/Options.tsx';

interface Props<D extends string> {
  value: D;
  dtypes: readonly D[];
  onPick(dtype: D): void;
}

// The weights (dtype) select of a hub model.
export function WeightsSelect<D extends string>({ value, dtypes, onPick }: Props<D>) {
  return (
    <label className="field">
      <span>Weights</span>
      <select value={value} onChange={(e) => onPick(e.target.value as D)}>
        <Options values={dtypes} />
      </select>
    </label>
  );
}
