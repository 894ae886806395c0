// Where the CLI writes: results to `out` (stdout), progress and problems to `err` (stderr). Tests pass
// their own to capture both.
export interface Io {
  out(text: string): void;
  err(text: string): void;
}
