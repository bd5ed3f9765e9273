import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import pino from 'pino';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import type { ObjectStorage } from '../objects/storage.js';
import { listingZip, ZIP_SLICE_BYTES, type ZipEntry } from './listing-zip.js';

/**
 * Issue #22 item 5 (decision 032): the listing zip read and rendered every entry as fast as it
 * could, whether or not the client read (~45 MB buffered per client that did not), and went on
 * after the client had left. Now an entry is read only when the output has drained, and an aborted
 * signal stops it.
 */
const ENTRY_BYTES = 512 * 1024;
const ENTRIES = 6;
const log = pino({ level: 'silent' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

function fakeStorage(objects: Map<string, Buffer>, gate?: Promise<void>) {
  const reads: string[] = [];
  const storage = {
    async read(key: string) {
      reads.push(key);
      if (gate && reads.length > 1) await gate;
      return objects.get(key) ?? null;
    },
  } as unknown as ObjectStorage;
  return { storage, reads };
}

function listing() {
  const objects = new Map<string, Buffer>();
  const entries: ZipEntry[] = [];
  for (let i = 1; i <= ENTRIES; i++) {
    const key = `users/u/projects/p/${i}.jpg`;
    objects.set(key, randomBytes(ENTRY_BYTES));
    entries.push({ name: `0${i}-listing-staged.jpg`, key, labelled: false });
  }
  return { objects, entries };
}

function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
    // Destroyed without an error (the client left): what had arrived.
    stream.on('close', () => resolve(Buffer.concat(chunks)));
  });
}

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          readAll(stream).then((data) => {
            out.set(entry.fileName, data);
            zip.readEntry();
          }, reject);
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('listing zip backpressure', () => {
  it('reads no further entry while nobody reads the output, buffers less than one entry, and completes when the reader resumes', async () => {
    const { objects, entries } = listing();
    const { storage, reads } = fakeStorage(objects);
    const output = listingZip(storage, entries, { originals: false }, { log, signal: new AbortController().signal });

    await settle();
    // Paused reader: the first entry is read and stuck in the pipeline; nothing else is read.
    expect(reads).toEqual([entries[0]!.key]);
    // Written into the output and not read: one slice overshoots the high-water mark at most (plus yazl's ~100-byte header).
    const bound = output.readableHighWaterMark + ZIP_SLICE_BYTES + 1024;
    expect(output.readableLength).toBeLessThanOrEqual(bound);
    expect(bound).toBeLessThan(ENTRY_BYTES);

    const zip = await unzip(await readAll(output));
    expect(reads).toEqual(entries.map((e) => e.key));
    expect([...zip.keys()]).toEqual(entries.map((e) => e.name));
    for (const entry of entries) expect(zip.get(entry.name)!.equals(objects.get(entry.key)!)).toBe(true);
  });

  it('stops at the abort: the entry being read is not added, no later entry is read, and the output closes', async () => {
    const { objects, entries } = listing();
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { storage, reads } = fakeStorage(objects, gate);
    const left = new AbortController();
    const output = listingZip(storage, entries, { originals: false }, { log, signal: left.signal });
    const closed = new Promise((resolve) => output.once('close', resolve));
    const received = readAll(output);

    // The reader takes the first entry; the second is being read when the client leaves.
    for (let i = 0; i < 200 && reads.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    expect(reads).toHaveLength(2);
    left.abort();
    await closed;
    open();
    await settle();
    expect(reads).toHaveLength(2);
    expect(reads.length).toBeLessThan(ENTRIES);
    expect(output.destroyed).toBe(true);
    // What the client got holds the first entry only: less than two entries' bytes.
    expect((await received).length).toBeLessThan(2 * ENTRY_BYTES);
  });
});
