// Credentials do not belong in a base URL: the URL is shown (labels, logs, the Settings page), recorded
// (trace.llm, --out) and hashed into cache keys. A base URL with a user name/password or a
// secret-looking query parameter is refused with a pointer to the key field / --api-key-env, and every
// label is built from urlLabel (scheme, host, port and path only) as a second line of defence: a key
// under a name no deny-list knows (`?subscription-key=`, `?code=`, a key in the path or fragment) never
// reaches a label either.

const SECRET_PARAM =
  /^(api[-_]?key|key|x[-_]api[-_]key|token|access[-_]?token|auth|authorization|secret|client[-_]?secret|password|passwd|pass|pwd|sig|signature)$/i;

/** What in `url` looks like a credential ("a user name and password", "query parameter 'key'"), or undefined. */
export function baseUrlCredentials(url: string): string | undefined {
  const u = urlOf(url);
  if (!u) return undefined; // not a URL: reported elsewhere
  const found: string[] = [];
  if (u.username || u.password) found.push(u.password ? 'a user name and password' : 'a user name');
  for (const name of new Set(u.searchParams.keys()))
    if (SECRET_PARAM.test(name)) found.push(`query parameter '${name}'`);
  return found.length ? found.join(' and ') : undefined;
}

/** `url` without user info and with secret-looking query parameter values replaced by "***". */
export function redactBaseUrl(url: string): string {
  const u = urlOf(url);
  if (!u) return url.replace(/\/\/[^/@\s]*@/, '//'); // best effort for a string that is not a URL
  if (!u.username && !u.password && ![...u.searchParams.keys()].some((k) => SECRET_PARAM.test(k))) return url;
  u.username = '';
  u.password = '';
  for (const k of [...u.searchParams.keys()]) if (SECRET_PARAM.test(k)) u.searchParams.set(k, '***');
  return u.toString().replace(/%2A%2A%2A/g, '***');
}

/** Key prefixes of common providers (OpenAI/Anthropic `sk-`, Google `AIza`, GitHub `ghp_`, Slack `xox`). */
const KEY_PREFIX = /^(sk|pk|rk|key|api)[-_]|^AIza|^gh[pousr]_|^xox[abpr]-/i;
/** A path segment named like this holds a secret in the next one (`/keys/<key>/`, `/token/<t>`). */
const KEY_NAME = /^(api[-_]?keys?|keys?|tokens?|secrets?|sig|signature|code|auth)$/i;

/** Whether a path segment looks like a credential: a known key prefix, or a long opaque token (base64, hex, a UUID). */
function keyLike(segment: string, previous: string | undefined): boolean {
  if (previous !== undefined && KEY_NAME.test(previous)) return true;
  if (KEY_PREFIX.test(segment)) return true;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment);
  // Opaque: long, letters and digits mixed, not hyphenated words like a model or deployment name.
  const opaque =
    segment.length >= 24 &&
    /^[A-Za-z0-9+/=_.~-]+$/.test(segment) &&
    /[0-9]/.test(segment) &&
    /[A-Za-z]/.test(segment) &&
    (segment.match(/-/g)?.length ?? 0) <= 1;
  return uuid || opaque;
}

/** `make()`, or `fallback` when it throws. */
function orElse<T>(make: () => T, fallback: T): T {
  try {
    return make();
  } catch {
    return fallback;
  }
}

/** `url` parsed, or undefined when it is not a URL. */
const urlOf = (url: string): URL | undefined => orElse(() => new URL(url), undefined);
const decoded = (s: string) => orElse(() => decodeURIComponent(s), s);

/**
 * What a URL may be shown and recorded as (labels, traces, --out, cache keys): scheme, host, port and
 * path, without user info, query or fragment, and with key-like path segments as "***". Requests still
 * use the URL as given.
 */
export function urlLabel(url: string): string {
  const u = urlOf(url);
  if (!u) return url.replace(/\/\/[^/@\s]*@/, '//').replace(/[?#].*$/s, '');
  const segments = u.pathname.split('/');
  const path = segments
    .map((s, i) => (s && keyLike(decoded(s), segments[i - 1]) ? '***' : s))
    .join('/')
    .replace(/\/+$/, '');
  return `${u.protocol}//${u.host}${path}`;
}

/**
 * The parts of `url` a label does not show, as the literal strings a server may echo back: user name and
 * password, every query parameter (name=value and the value alone, raw and decoded), the fragment, every
 * path segment the label hides, and every path segment long enough to be a key (8 characters or more).
 * Longest first, so a value is replaced before a part of it.
 */
export function hiddenUrlParts(url: string): string[] {
  const u = urlOf(url);
  if (!u) return [];
  const parts = new Set<string>();
  const add = (...xs: string[]) => {
    for (const x of xs) if (x.length >= 3) parts.add(x);
  };
  add(u.username, u.password, decoded(u.username), decoded(u.password));
  if (u.search.length > 1) add(u.search.slice(1), decoded(u.search.slice(1)));
  for (const pair of u.search.slice(1).split('&')) {
    const [, value = ''] = /^[^=]*=?(.*)$/.exec(pair) ?? [];
    add(pair, decoded(pair), value, decoded(value), encodeURIComponent(decoded(value)));
  }
  if (u.hash.length > 1) add(u.hash.slice(1), decoded(u.hash.slice(1)));
  const segments = u.pathname.split('/');
  segments.forEach((s, i) => {
    if (!s) return;
    if (keyLike(decoded(s), segments[i - 1]) || decoded(s).length >= 8) add(s, decoded(s));
  });
  return [...parts].sort((a, b) => b.length - a.length);
}

/**
 * `text` (server text: an error message, a body the server echoed) before it is printed or stored: `url`
 * shown as its label, then every part of it the label hides replaced by "***" wherever it appears, by
 * value (a 404 echoing "Cannot POST /sk-…/v1/chat/completions", a 400 quoting "subscription-key=…"
 * without the scheme), and every other URL's user info, query and fragment cut.
 */
export function redactUrlsIn(text: string, url?: string): string {
  let t = text;
  if (url) {
    const label = urlLabel(url);
    for (const form of [url, url.replace(/\/+$/, '')]) if (form) t = t.split(form).join(label);
    // the label itself is already what may be shown: redact around it
    const parts = hiddenUrlParts(url);
    t = t
      .split(label)
      .map((piece) => parts.reduce((x, part) => x.split(part).join('***'), piece))
      .join(label);
  }
  return t.replace(/\/\/[^/@\s]+@/g, '//').replace(/(\bhttps?:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi, '$1?***');
}

/**
 * Why `url` cannot be a base URL as typed, or undefined: whitespace or control characters (a pasted curl
 * line: `http://host/v1 -H "Authorization: Bearer …"`) or a header inside it. The reason never repeats the
 * URL, which may hold the key.
 */
export function baseUrlShapeProblem(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(url))
    return 'it holds whitespace or control characters (a pasted command line or header?)';
  if (/["'<>`{}|\\^]/.test(url)) return 'it holds quotes or characters a URL does not have';
  if (/(?:^|[^a-z])(?:authorization|bearer|x-api-key|api-key|cookie)\s*:/i.test(decoded(url)))
    return 'it holds a header (Authorization, Bearer, api-key, Cookie)';
  return undefined;
}

/**
 * Everything a request is sent to, for identity only (cache keys, the resume key, the retrieval memo):
 * scheme, host, port, the whole path and the query, without user info or fragment (never sent). It may
 * hold a secret (a key in the path or query), so it is only ever hashed, never shown or stored as is.
 */
export function requestTarget(url: string): string {
  const u = urlOf(url);
  if (!u) return url.trim();
  u.username = '';
  u.password = '';
  u.hash = '';
  const path = u.pathname.replace(/\/+$/, '');
  return `${u.protocol}//${u.host}${path}${u.search}`;
}
