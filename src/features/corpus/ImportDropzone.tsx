// Where files come in: the drop zone, the file and folder pickers, what can be imported, and the import's options.
import { useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { droppedFiles, pickedFiles, type PickedFile } from './read-files.ts';

interface Props {
  /** An import is running: the pickers are off. */
  busy: boolean;
  onFiles(list: PickedFile[]): void;
  /** The import's options, shown last in the zone. */
  children: ReactNode;
}

export function ImportDropzone({ busy, onFiles, children }: Props) {
  const [over, setOver] = useState(false);
  // Both pickers: off while an import runs.
  const picker = {
    type: 'file',
    multiple: true,
    disabled: busy,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onFiles(pickedFiles(e.target.files ?? [])),
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void droppedFiles(e.dataTransfer).then(onFiles);
  };
  return (
    <div
      className={`dropzone${over ? ' over' : ''}`}
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <p>
        Drop files here, or{' '}
        <label className="file-label">
          choose files…
          <input
            {...picker}
            accept=".json,.jsonl,.txt,.md,.markdown,.pdf,.docx,.html,.htm"
            data-testid="import-files"
          />
        </label>{' '}
        or{' '}
        <label className="file-label">
          a folder…
          <input {...picker} data-testid="import-folder" {...{ webkitdirectory: '' }} />
        </label>
      </p>
      <p className="muted">
        A corpus file (<code>*corpus*.json</code> / <code>.jsonl</code>: HippoRAG{' '}
        <code>
          [{'{'}title, text{'}'}]
        </code>
        , or .txt/.md files, one passage each), optionally with its question file (2Wiki, HotpotQA or MuSiQue format).
        Or your own documents: a folder of PDF, Word (.docx), HTML, Markdown and text files, split by their headings
        into passages that name their file, section and page, with an optional <code>questions.txt</code> (one per line)
        or <code>questions.jsonl</code> (<code>question</code>, <code>answer</code>, <code>gold</code>: file names or{' '}
        <code>file &gt; heading</code>). Everything stays in this browser.
      </p>
      {children}
    </div>
  );
}
