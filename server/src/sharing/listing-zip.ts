import { Readable, type PassThrough } from 'node:stream';
import yazl from 'yazl';
import type { FastifyBaseLogger } from 'fastify';
import { addDisclosureLabel, type DisclosureLanguage } from '../objects/disclosure-label.js';
import type { ObjectStorage } from '../objects/storage.js';
import { asciiSlug, type StagedPair } from './listing.js';

/**
 * The whole listing as one zip (reference §6): every pair's current staged image, optionally
 * labelled (with the share link and QR code) and with its original, stored uncompressed (JPEGs are
 * compressed already). Entries are added lazily and read one at a time, so one image is in memory
 * at once; a labelled entry is made when yazl reaches it and the client has read what came before. Names: `01-<project>-staged.jpg`,
 * `01-<project>-original.jpg`, safe ASCII.
 */
export interface ZipOptions {
  label?: DisclosureLanguage;
  originals: boolean;
  link?: string;
  /** The workspace's logo in every label (decision 045). */
  brandLogo?: Buffer;
}

export interface ZipEntry {
  name: string;
  key: string;
  labelled: boolean;
  /** Bytes made here (the readme) instead of a stored object. */
  content?: Buffer;
}

/** Entries for the chosen pairs (listing.ts `chosenPairs`: staged ones only, numbered in order). */
export function zipEntries(title: string, pairs: StagedPair[], options: ZipOptions): ZipEntry[] {
  const base = asciiSlug(title) || 'listing';
  const entries: ZipEntry[] = [];
  for (const pair of pairs) {
    const n = String(pair.position).padStart(2, '0');
    entries.push({ name: `${n}-${base}-staged${options.label ? '-labelled' : ''}.jpg`, key: pair.staged.filePath.slice(1), labelled: Boolean(options.label) });
    if (options.originals) {
      const ext = pair.original.filePath.split('.').pop() ?? 'jpg';
      entries.push({ name: `${n}-${base}-original.${ext}`, key: pair.original.filePath.slice(1), labelled: false });
    }
  }
  return entries;
}

/** `<project>-raumwerk.zip`; a branded listing's zip carries no Raumwerk name (decision 045). */
export function zipFileName(title: string, branded = false): string {
  return `${asciiSlug(title) || 'listing'}${branded ? '' : '-raumwerk'}.zip`;
}

/** One entry's bytes go into the zip in slices of this size, so backpressure holds mid-entry too. */
export const ZIP_SLICE_BYTES = 64 * 1024;

export interface ZipStreamOptions {
  log: FastifyBaseLogger;
  /** The request's close: stops reading and labelling at once, and ends the stream. */
  signal: AbortSignal;
}

/**
 * The zip's output stream, built while it is read (decision 032): yazl asks for an entry only when
 * the one before has gone through into the output, and the entry is read and labelled only once
 * the output has drained below its high-water mark, so a client that does not read holds at most
 * one entry plus the pipeline's buffers. An aborted signal (the client left) stops at the next
 * step; a storage or labelling failure ends the stream with an error (the client sees a broken
 * download, the log says why).
 */
export function listingZip(storage: ObjectStorage, entries: ZipEntry[], options: ZipOptions, stream: ZipStreamOptions): Readable {
  const { log, signal } = stream;
  const zip = new yazl.ZipFile();
  // yazl's output is a PassThrough (its types say only ReadableStream).
  const output = zip.outputStream as PassThrough;
  let failed = false;
  const fail = (err: unknown) => {
    if (failed) return;
    failed = true;
    if (!signal.aborted) log.error({ err }, 'listing zip failed');
    output.destroy(signal.aborted ? undefined : err instanceof Error ? err : new Error(String(err)));
  };
  const onAbort = () => fail(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  output.once('close', () => signal.removeEventListener('abort', onAbort));
  // yazl reports an error on the ZipFile; unheard it would end the process.
  zip.on('error', fail);

  const drained = () =>
    new Promise<void>((resolve) => {
      if (!output.writableNeedDrain || output.destroyed) return resolve();
      const done = () => {
        output.off('drain', done);
        output.off('close', done);
        resolve();
      };
      output.on('drain', done);
      output.on('close', done);
    });

  const render = async (entry: ZipEntry): Promise<Buffer> => {
    await drained();
    signal.throwIfAborted();
    if (entry.content) return entry.content;
    const bytes = await storage.read(entry.key);
    if (!bytes) throw new Error(`missing object ${entry.key}`);
    signal.throwIfAborted();
    if (!entry.labelled || !options.label) return bytes;
    return addDisclosureLabel(bytes, options.label, { link: options.link, brandLogo: options.brandLogo, signal });
  };

  for (const entry of entries) {
    // The readme is text: compressed; images are JPEG/PNG already.
    zip.addReadStreamLazy(entry.name, { compress: Boolean(entry.content) }, (callback) => {
      render(entry).then((body) => {
        if (failed || signal.aborted) return;
        const slices = function* () {
          for (let at = 0; at < body.length; at += ZIP_SLICE_BYTES) yield body.subarray(at, at + ZIP_SLICE_BYTES);
        };
        callback(null, Readable.from(slices(), { objectMode: false }));
      }, fail);
    });
  }
  zip.end();
  return output;
}
