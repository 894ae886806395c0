/** The message of anything thrown: an Error's message, else its text. */
export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));
