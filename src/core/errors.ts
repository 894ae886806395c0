// Typed errors that name their module, so every host can show "what went wrong and where".
//
// Every subclass states its name: `override readonly name: string = 'ClassName';`. The browser bundle is
// minified, which renames classes, so `new.target.name` there is "e" or similar; an explicit string
// survives. test/core/error-names.test.ts checks every exported error class under src/ for this.

export class HopscopeError extends Error {
  override readonly name: string = 'HopscopeError';
  constructor(
    readonly module: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${module}: ${message}`, options);
    // Fallback for Node-only subclasses without their own name (never minified); a subclass's own
    // `name` field is assigned after this constructor returns and wins.
    if (new.target !== HopscopeError) this.name = new.target.name;
  }
}

/** A HopscopeError subclass of one module, its name stated (it survives minification): `export const XError = errorClass('XError', 'module');`. */
export function errorClass(name: string, module: string) {
  return class extends HopscopeError {
    override readonly name: string = name;
    constructor(message: string, options?: { cause?: unknown }) {
      super(module, message, options);
    }
  };
}

/** Where in an input file a problem is: file, record index, field. */
export interface InputLocation {
  file: string;
  record?: number;
  field?: string;
}

/** Malformed input: names the file, the record index, the field and what was expected. */
export class ImportError extends HopscopeError {
  override readonly name: string = 'ImportError';
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
  override readonly name: string = 'AbortedError';
  constructor(module: string) {
    super(module, 'aborted');
  }
}

export function throwIfAborted(signal: AbortSignal | undefined, module: string): void {
  if (signal?.aborted) throw new AbortedError(module);
}
