/**
 * Runs `worker` over `items` with at most `limit` running at once. The first failure rejects at
 * once and no further item is started (items already running finish in the background, their
 * results ignored). Results keep the items' order.
 */
export function runPool<T, R>(
  items: readonly T[],
  limit: number,
  worker: (item: T, index: number) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const width = Math.max(1, Math.floor(limit));
  return new Promise<R[]>((resolve, reject) => {
    if (items.length === 0) return resolve(results);
    let next = 0;
    let running = 0;
    let finished = 0;
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      reject(error);
    };
    const launch = () => {
      while (!failed && running < width && next < items.length) {
        if (signal?.aborted)
          return fail(signal.reason ?? new DOMException('Aborted', 'AbortError'));
        const index = next++;
        running++;
        Promise.resolve()
          .then(() => worker(items[index]!, index))
          .then(
            (result) => {
              running--;
              results[index] = result;
              finished++;
              if (finished === items.length) resolve(results);
              else launch();
            },
            (error: unknown) => {
              running--;
              fail(error);
            },
          );
      }
    };
    launch();
  });
}
