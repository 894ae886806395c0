// Credentials do not belong in a base URL: the URL is shown (labels, logs, the Settings page), recorded
// (trace.llm, --out) and hashed into cache keys. A base URL with a user name/password or a
// secret-looking query parameter is refused with a pointer to the key field / --api-key-env, and every
// label is built from the redacted form as a second line of defence.

const SECRET_PARAM =
  /^(api[-_]?key|key|x[-_]api[-_]key|token|access[-_]?token|auth|authorization|secret|client[-_]?secret|password|passwd|pass|pwd|sig|signature)$/i;

/** What in `url` looks like a credential ("a user name and password", "query parameter 'key'"), or undefined. */
export function baseUrlCredentials(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined; // not a URL: reported elsewhere
  }
  const found: string[] = [];
  if (u.username || u.password) found.push(u.password ? 'a user name and password' : 'a user name');
  for (const name of new Set(u.searchParams.keys()))
    if (SECRET_PARAM.test(name)) found.push(`query parameter '${name}'`);
  return found.length ? found.join(' and ') : undefined;
}

/** `url` without user info and with secret-looking query parameter values replaced by "***". */
export function redactBaseUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.replace(/\/\/[^/@\s]*@/, '//'); // best effort for a string that is not a URL
  }
  if (!u.username && !u.password && ![...u.searchParams.keys()].some((k) => SECRET_PARAM.test(k))) return url;
  u.username = '';
  u.password = '';
  for (const k of [...u.searchParams.keys()]) if (SECRET_PARAM.test(k)) u.searchParams.set(k, '***');
  return u.toString().replace(/%2A%2A%2A/g, '***');
}
