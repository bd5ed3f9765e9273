import yauzl from 'yauzl';

/** Every entry of a zip (in order): its name, its bytes and its compression method (0 stored, 8 deflated). */
export function zipEntries(
  buffer: Buffer,
): Promise<Array<{ name: string; data: Buffer; method: number }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: Array<{ name: string; data: Buffer; method: number }> = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.push({
              name: entry.fileName,
              data: Buffer.concat(chunks),
              method: entry.compressionMethod,
            });
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
