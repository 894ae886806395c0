// The source radio group the embedding and reranker settings share: no model, a local folder, a hub id
// (with the known ids) and the consent to download from the hub.
import { folderPicker, type ModelChoice } from './use-model-choice.ts';

export function ModelSourceChoice<R>(props: {
  /** Names the radio group and starts every test id: "embed", "rerank". */
  prefix: string;
  groupLabel: string;
  /** The source chosen now. */
  source: string;
  /** The no-model source: its value (also in its test id), its text, and choosing it. */
  off: { value: string; text: string; choose(): void };
  folderText: string;
  folderLabel: string;
  consentText: string;
  knownIds: readonly string[];
  choice: ModelChoice<R>;
  onUseHub(): void;
}) {
  const { prefix, source, choice } = props;
  const name = `${prefix}-source`;
  return (
    <div className="field" role="radiogroup" aria-label={props.groupLabel}>
      <label>
        <input
          type="radio"
          name={name}
          checked={source === props.off.value}
          onChange={props.off.choose}
          data-testid={`${prefix}-source-${props.off.value}`}
        />{' '}
        {props.off.text}
      </label>
      <label>
        <input type="radio" name={name} checked={source === 'local'} readOnly data-testid={`${prefix}-source-local`} />{' '}
        {props.folderText}{' '}
        <input
          type="file"
          multiple
          {...folderPicker}
          data-testid={`${prefix}-folder`}
          aria-label={props.folderLabel}
          onChange={(e) => void choice.pick(e.target.files)}
        />
      </label>
      <label>
        <input
          type="radio"
          name={name}
          checked={source === 'hub'}
          disabled={!choice.allowDownload}
          onChange={props.onUseHub}
          data-testid={`${prefix}-source-hub`}
        />{' '}
        Hugging Face id:{' '}
        <input
          list={`${prefix}-known-ids`}
          value={choice.hubId}
          onChange={(e) => choice.setHubId(e.target.value)}
          data-testid={`${prefix}-hub-id`}
        />
        <datalist id={`${prefix}-known-ids`}>
          {props.knownIds.map((id) => (
            <option key={id} value={id} />
          ))}
        </datalist>
      </label>
      <label>
        <input
          type="checkbox"
          checked={choice.allowDownload}
          onChange={(e) => choice.setAllowDownload(e.target.checked)}
          data-testid={`${prefix}-allow-download`}
        />{' '}
        {props.consentText}
      </label>
    </div>
  );
}
