import yazl from 'yazl';
import type { FastifyBaseLogger } from 'fastify';
import { addDisclosureLabel, type DisclosureLanguage } from '../objects/disclosure-label.js';
import type { ObjectStorage } from '../objects/storage.js';
import { asciiSlug, type ListingPair } from './listing.js';

/**
 * The whole listing as one zip (reference §6): every pair's current staged image, optionally
 * labelled (with the share link and QR code) and with its original, stored uncompressed (JPEGs are
 * compressed already). Entries are added lazily and read one at a time, so one image is in memory
 * at once; a labelled entry is made when yazl reaches it. Names: `01-<project>-staged.jpg`,
 * `01-<project>-original.jpg`, safe ASCII.
 */
export interface ZipOptions {
  label?: DisclosureLanguage;
  originals: boolean;
  link?: string;
}

export interface ZipEntry {
  name: string;
  key: string;
  labelled: boolean;
}

export function zipEntries(title: string, pairs: ListingPair[], options: ZipOptions): ZipEntry[] {
  const base = asciiSlug(title) || 'listing';
  const entries: ZipEntry[] = [];
  for (const pair of pairs) {
    const n = String(pair.position).padStart(2, '0');
    if (pair.staged) {
      entries.push({ name: `${n}-${base}-staged${options.label ? '-labelled' : ''}.jpg`, key: pair.staged.filePath.slice(1), labelled: Boolean(options.label) });
    }
    if (options.originals) {
      const ext = pair.original.filePath.split('.').pop() ?? 'jpg';
      entries.push({ name: `${n}-${base}-original.${ext}`, key: pair.original.filePath.slice(1), labelled: false });
    }
  }
  return entries;
}

export function zipFileName(title: string): string {
  return `${asciiSlug(title) || 'listing'}-raumwerk.zip`;
}

/** The zip's output stream; a storage or labelling failure ends it with an error (the client sees a broken download, the log says why). */
export function listingZip(storage: ObjectStorage, entries: ZipEntry[], options: ZipOptions, log: FastifyBaseLogger): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream;
  const fail = (err: unknown) => {
    log.error({ err }, 'listing zip failed');
    output.emit('error', err instanceof Error ? err : new Error(String(err)));
  };
  const chain = entries.reduce<Promise<void>>(
    (previous, entry) =>
      previous.then(async () => {
        const bytes = await storage.read(entry.key);
        if (!bytes) throw new Error(`missing object ${entry.key}`);
        const body = entry.labelled && options.label ? await addDisclosureLabel(bytes, options.label, { link: options.link }) : bytes;
        zip.addBuffer(body, entry.name, { compress: false });
      }),
    Promise.resolve(),
  );
  chain.then(() => zip.end(), fail);
  return output;
}
