/**
 * What never goes into a log: upload-link tokens (the path of a local upload URL is the
 * credential), OIDC `code`/`state` and any other secret-bearing query value, and mailed-link
 * tokens. URLs are logged with those parts replaced by `[redacted]`.
 */
const SECRET_PATH_PREFIXES = ['/api/objects/upload/'];
const SECRET_QUERY_KEYS = new Set(['code', 'state', 'token', 'session_state', 'id_token', 'access_token', 'iss']);
const REDACTED = '[redacted]';

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  for (const prefix of SECRET_PATH_PREFIXES) {
    if (path.startsWith(prefix) && path.length > prefix.length) path = prefix + REDACTED;
  }
  if (!query) return path;
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const key = eq === -1 ? pair : pair.slice(0, eq);
    let name = key;
    try {
      name = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      // a malformed key is logged as it came
    }
    return SECRET_QUERY_KEYS.has(name.toLowerCase()) ? `${key}=${REDACTED}` : pair;
  });
  return `${path}?${parts.join('&')}`;
}
