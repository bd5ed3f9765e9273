/** True when a `Prefer` header (RFC 7240, possibly several comma-separated preferences) asks for `respond-async`. */
export function prefersAsync(header: string | string[] | undefined): boolean {
  const values = Array.isArray(header) ? header : header ? [header] : [];
  return values.some((value) => value.split(',').some((pref) => pref.split(';')[0]!.trim().toLowerCase() === 'respond-async'));
}
