/** Stored images are served at `/objects` + filePath. */
export function objectUrl(path: string): string {
  return path.startsWith('/objects/') ? path : `/objects${path.startsWith('/') ? '' : '/'}${path}`;
}
