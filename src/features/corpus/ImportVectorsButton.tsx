// "Import vectors…": picks precomputed vectors (HSVEC, or .npy float32 with passage ids) for a corpus.
export function ImportVectorsButton({ onFiles }: { onFiles(list: FileList | null): void }) {
  return (
    <label className="btn btn-secondary btn-small">
      Import vectors…
      <input
        type="file"
        multiple
        hidden
        accept=".npy,.hsvec,.txt,.json,.tsv"
        data-testid="vectors-import"
        onChange={(e) => onFiles(e.target.files)}
      />
    </label>
  );
}
