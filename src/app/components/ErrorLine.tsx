/** An error said at once (role alert); nothing while there is none. */
export function ErrorLine({ error, testid }: { error: string | null | undefined; testid?: string }) {
  if (!error) return null;
  return (
    <p className="error" role="alert" data-testid={testid}>
      {error}
    </p>
  );
}
