// Typed errors that name their module, so every host can show "what went wrong and where".

export class HopscopeError extends Error {
  constructor(
    readonly module: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${module}: ${message}`, options);
    this.name = new.target.name;
  }
}

/** Where in an input file a problem is: file, record index, field. */
export interface InputLocation {
  file: string;
  record?: number;
  field?: string;
}

/** Malformed input: names the file, the record index, the field and what was expected. */
export class ImportError extends HopscopeError {
  constructor(
    readonly location: InputLocation,
    readonly expected: string,
  ) {
    const where = [
      location.file,
      location.record !== undefined ? `record ${location.record}` : undefined,
      location.field !== undefined ? `field "${location.field}"` : undefined,
    ]
      .filter(Boolean)
      .join(', ');
    super('import', `${where}: ${expected}`);
  }
}

export class AbortedError extends HopscopeError {
  constructor(module: string) {
    super(module, 'aborted');
  }
}

export function throwIfAborted(signal: AbortSignal | undefined, module: string): void {
  if (signal?.aborted) throw new AbortedError(module);
}
