/** Stored images are served at `/objects` + filePath; an objectPath already carries the prefix. */
export function objectUrl(path: string): string {
  return path.startsWith('/objects/') ? path : `/objects${path.startsWith('/') ? '' : '/'}${path}`;
}
