import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isBrandingKey, isWorkspacePrefix, parseKey } from './object-keys.js';
import type { ObjectInfo, ObjectStorage, PendingUpload, StoredObject } from './storage.js';
import { LOCAL_UPLOAD_ROUTE, signUploadToken, uploadSigningKey } from './upload-signature.js';

const TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

export function contentTypeOfKey(key: string): string {
  return TYPES[path.extname(key)] ?? 'application/octet-stream';
}

/** Files under DATA_DIR/objects/<key>. Writes go to a temp file first, so a reader never sees half a file. */
export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  readonly root: string;
  readonly #signingKey: Buffer;

  constructor(dataDir: string, sessionSecret: string) {
    this.root = path.join(dataDir, 'objects');
    this.#signingKey = uploadSigningKey(sessionSecret);
  }

  /** Defence in depth: keys are validated by callers, and the resolved path must stay under the root. */
  #file(key: string): string {
    if (!parseKey(key) && !isBrandingKey(key) && !isWorkspacePrefix(key) && !/^users\/[0-9a-f-]{36}\/(projects\/[0-9a-f-]{36}\/|uploads\/)?$/.test(key)) {
      throw new Error(`refusing object key ${JSON.stringify(key)}`);
    }
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`object key escapes the storage root: ${key}`);
    return file;
  }

  async put(key: string, body: Buffer, _contentType?: string): Promise<void> {
    const file = this.#file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.#file(key));
      if (!s.isFile()) return null;
      // Keys are never rewritten in place (every image gets a new uuid), so size+mtime identify the content.
      return { size: s.size, contentType: contentTypeOfKey(key), etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"` };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.head(key);
    if (!info) return null;
    return { ...info, body: createReadStream(this.#file(key)) };
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.#file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<number> {
    let deleted = 0;
    for (const key of keys) {
      try {
        await unlink(this.#file(key));
        deleted += 1;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    return deleted;
  }

  async deletePrefix(prefix: string): Promise<number> {
    const dir = this.#file(prefix);
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    await rm(dir, { recursive: true, force: true });
    return entries.filter((e) => e.isFile()).length;
  }

  async uploadUrl(upload: PendingUpload): Promise<string> {
    return LOCAL_UPLOAD_ROUTE + signUploadToken(this.#signingKey, upload.id, upload.expiresAt);
  }

  /** The key the PUT route verifies tokens with. */
  get signingKey(): Buffer {
    return this.#signingKey;
  }
}
