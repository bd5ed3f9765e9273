import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { HeicDecoded, HeicLimits as Limits } from './heic-port.js';

/**
 * HEIC/HEIF decoding (issue 39, decision 059) with libheif compiled to WebAssembly (`libheif-js`, the
 * decoder `heic-decode` wraps; sharp's prebuilt libvips has no HEVC decoder). Runs inside an image
 * thread (cv-thread.ts `heicToJpeg`), never on the event loop. The result is a JPEG (quality 95, no
 * chroma subsampling) that carries what the normal intake needs and nothing else: the pixels of the
 * primary image, the colour profile (ICC; Display P3 on iPhones) and, only where the file has no HEIF
 * transform of its own, its EXIF orientation. The normal intake (image-intake.ts) then orients it,
 * converts it to sRGB, bounds and stores it like any JPEG.
 *
 * Each call instantiates libheif afresh from a module compiled once per thread: the WebAssembly
 * memory of a 48 MP decode (~250 MB) never shrinks, so it is dropped with its instance afterwards.
 */
const require = createRequire(import.meta.url);

export class HeicDecodeError extends Error {
  constructor(
    readonly reason: 'unreadable' | 'dimensions',
    message: string,
  ) {
    super(message);
    this.name = 'HeicDecodeError';
  }
}

/** ISO BMFF `ftyp` brands of HEIF still images and sequences with HEVC (or any HEIF) content. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** Whether the bytes are a HEIF file (`ftyp` box with a HEIF brand; AVIF is not: sharp reads that itself). */
export function isHeif(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (ascii(4) !== 'ftyp') return false;
  const major = ascii(8);
  if (major === 'avif' || major === 'avis') return false;
  if (HEIF_BRANDS.has(major)) return true;
  const boxSize = Math.min(bytes.length, (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= boxSize; at += 4) compatible.push(ascii(at));
  return !compatible.includes('avif') && compatible.some((brand) => HEIF_BRANDS.has(brand));
}


/* The parts of libheif's Emscripten module used here (embind wrappers plus raw C exports). */
interface EmbindObject {
  $$: { ptr: number };
}
interface HeifImage {
  handle: EmbindObject;
  get_width(): number;
  get_height(): number;
  is_primary(): boolean;
  free(): void;
}
interface DecodedPlanes {
  code?: number;
  image: unknown;
  channels: Array<{ id: unknown; width: number; height: number; stride: number; data: Uint8Array }>;
}
interface LibHeif {
  HeifDecoder: new () => { decoder: EmbindObject & { delete(): void }; decode(bytes: Uint8Array): HeifImage[] };
  heif_js_decode_image2(handle: EmbindObject, colorspace: unknown, chroma: unknown): Promise<DecodedPlanes | null>;
  heif_image_release(image: unknown): void;
  heif_colorspace: { heif_colorspace_RGB: unknown };
  heif_chroma: { heif_chroma_interleaved_RGB: unknown };
  heif_channel: { heif_channel_interleaved: unknown };
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(ptr: number): void;
  _heif_image_handle_get_item_id(handle: number): number;
  _heif_item_get_transformation_properties(context: number, item: number, out: number, count: number): number;
  _heif_image_handle_get_color_profile_type(handle: number): number;
  _heif_image_handle_get_raw_color_profile_size(handle: number): number;
  _heif_image_handle_get_raw_color_profile(ret: number, handle: number, out: number): void;
  _heif_image_handle_get_number_of_metadata_blocks(handle: number, filter: number): number;
  _heif_image_handle_get_list_of_metadata_block_IDs(handle: number, filter: number, out: number, count: number): number;
  _heif_image_handle_get_metadata_type(handle: number, id: number): number;
  _heif_image_handle_get_metadata_size(handle: number, id: number): number;
  _heif_image_handle_get_metadata(ret: number, handle: number, id: number, out: number): void;
}

/* The server's TypeScript library (ES2023, Node types) does not declare WebAssembly: the part used here. */
type WasmModule = object;
type WasmInstance = { exports: object };
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { Module: new (bytes: Uint8Array) => WasmModule; Instance: new (module: WasmModule, imports: object) => WasmInstance };
};

let compiled: WasmModule | undefined;

function instantiate(): LibHeif {
  compiled ??= new wasm.Module(readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm')));
  const module = compiled;
  const factory = require('libheif-js/libheif-wasm/libheif.js') as (options: object) => LibHeif;
  return factory({
    instantiateWasm(imports: object, done: (instance: WasmInstance, module: WasmModule) => void) {
      const instance = new wasm.Instance(module, imports);
      done(instance, module);
      return instance.exports;
    },
    // libheif-js logs its failures; the caller reports them.
    print: () => {},
    printErr: () => {},
  });
}

/** libheif-js's glue reports parse failures with console.log; the caller reports them as a refusal instead. */
function quietly<T>(work: () => T): T {
  const log = console.log;
  console.log = () => {};
  try {
    return work();
  } finally {
    console.log = log;
  }
}

const fourcc = (n: number) => String.fromCharCode((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);

/** A copy of `size` bytes a libheif getter writes into memory it does not own (error struct: 12 bytes). */
function readOut(lib: LibHeif, size: number, write: (ret: number, out: number) => void): Uint8Array | null {
  if (size <= 0 || size > 16 * 1024 * 1024) return null;
  const ret = lib._malloc(16);
  const out = lib._malloc(size);
  try {
    write(ret, out);
    const code = new DataView(lib.HEAPU8.buffer, ret, 4).getInt32(0, true);
    return code === 0 ? lib.HEAPU8.slice(out, out + size) : null;
  } finally {
    lib._free(out);
    lib._free(ret);
  }
}

function iccProfile(lib: LibHeif, handle: number): Uint8Array | null {
  const type = fourcc(lib._heif_image_handle_get_color_profile_type(handle));
  if (type !== 'prof' && type !== 'rICC') return null;
  return readOut(lib, lib._heif_image_handle_get_raw_color_profile_size(handle), (ret, out) => lib._heif_image_handle_get_raw_color_profile(ret, handle, out));
}

/** The TIFF structure of the image's EXIF block (a HEIF EXIF item starts with a 4-byte offset to it). */
function exifTiff(lib: LibHeif, handle: number): Uint8Array | null {
  const count = lib._heif_image_handle_get_number_of_metadata_blocks(handle, 0);
  if (count <= 0) return null;
  const ids = lib._malloc(4 * count);
  try {
    lib._heif_image_handle_get_list_of_metadata_block_IDs(handle, 0, ids, count);
    for (let i = 0; i < count; i++) {
      const id = new DataView(lib.HEAPU8.buffer, ids + 4 * i, 4).getUint32(0, true);
      const typePtr = lib._heif_image_handle_get_metadata_type(handle, id);
      const type = typePtr ? String.fromCharCode(...lib.HEAPU8.subarray(typePtr, typePtr + 4)) : '';
      if (type !== 'Exif') continue;
      const block = readOut(lib, lib._heif_image_handle_get_metadata_size(handle, id), (ret, out) => lib._heif_image_handle_get_metadata(ret, handle, id, out));
      if (!block || block.length < 8) return null;
      const offset = 4 + new DataView(block.buffer, block.byteOffset, 4).getUint32(0);
      return offset < block.length ? block.subarray(offset) : null;
    }
    return null;
  } finally {
    lib._free(ids);
  }
}

/** Rows of `rowBytes` out of a plane whose rows are `stride` bytes apart. */
function packRows(data: Uint8Array, stride: number, rowBytes: number, rows: number): Uint8Array {
  const packed = new Uint8Array(rowBytes * rows);
  for (let y = 0; y < rows; y++) packed.set(data.subarray(y * stride, y * stride + rowBytes), y * rowBytes);
  return packed;
}

/** JPEG APPn segments (APP1 EXIF, APP2 ICC_PROFILE, split into chunks as the ICC spec describes) put after SOI. */
function withSegments(jpeg: Buffer, exif: Uint8Array | null, icc: Uint8Array | null): Buffer {
  const segment = (marker: number, parts: Uint8Array[]) => {
    const length = 2 + parts.reduce((sum, part) => sum + part.length, 0);
    return Buffer.concat([Buffer.from([0xff, marker, length >> 8, length & 255]), ...parts]);
  };
  const segments: Buffer[] = [];
  if (exif && exif.length <= 65_000) segments.push(segment(0xe1, [Buffer.from('Exif\0\0', 'latin1'), exif]));
  if (icc) {
    const chunk = 65_000;
    const total = Math.ceil(icc.length / chunk);
    if (total <= 255) {
      for (let i = 0; i < total; i++) {
        segments.push(segment(0xe2, [Buffer.from('ICC_PROFILE\0', 'latin1'), Buffer.from([i + 1, total]), icc.subarray(i * chunk, (i + 1) * chunk)]));
      }
    }
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/**
 * The primary image of a HEIC/HEIF file as a JPEG (see above). Refuses (HeicDecodeError) a file
 * libheif cannot read, and one whose dimensions are outside `limits`, before any pixel is decoded.
 */
export async function heicToJpeg(bytes: Uint8Array, limits: Limits): Promise<Buffer> {
  const lib = instantiate();
  const decoder = new lib.HeifDecoder();
  let images: HeifImage[] = [];
  try {
    images = quietly(() => decoder.decode(bytes));
    const primary = images.find((image) => image.is_primary()) ?? images[0];
    if (!primary) throw new HeicDecodeError('unreadable', 'libheif found no image in the file.');
    // Width and height after the file's own transforms (rotation, mirroring, crop): known before decoding.
    const width = primary.get_width();
    const height = primary.get_height();
    if (!width || !height) throw new HeicDecodeError('unreadable', 'The HEIF image has no size.');
    if (width * height > limits.maxPixels || Math.max(width, height) > limits.maxSide || Math.min(width, height) < limits.minSide) {
      throw new HeicDecodeError('dimensions', `The HEIF image is ${width}×${height} pixels.`);
    }
    const handle = primary.handle.$$.ptr;
    const icc = iccProfile(lib, handle);
    // libheif applies the file's irot/imir transforms while decoding; its EXIF orientation then only
    // repeats them (HEIF spec) and must not be applied twice. Without them, the EXIF orientation counts.
    const transformIds = lib._malloc(64);
    const transforms = lib._heif_item_get_transformation_properties(decoder.decoder.$$.ptr, lib._heif_image_handle_get_item_id(handle), transformIds, 16);
    lib._free(transformIds);
    const exif = transforms > 0 ? null : exifTiff(lib, handle);
    // Interleaved RGB, read where libheif wrote it (a view into its memory, no copy): for 48 MP about
    // 72 MB of decoded YCbCr plus 144 MB of RGB, where libheif-js's RGBA `display` held ~700 MB.
    const decoded = await lib.heif_js_decode_image2(primary.handle, lib.heif_colorspace.heif_colorspace_RGB, lib.heif_chroma.heif_chroma_interleaved_RGB);
    if (!decoded || decoded.code) throw new HeicDecodeError('unreadable', 'libheif could not decode the HEVC image data.');
    try {
      const plane = decoded.channels.find((channel) => channel.id === lib.heif_channel.heif_channel_interleaved);
      if (!plane || plane.width !== width || plane.height !== height) throw new HeicDecodeError('unreadable', 'libheif returned no image of the announced size.');
      const rgb = plane.stride === width * 3 ? plane.data.subarray(0, width * height * 3) : packRows(plane.data, plane.stride, width * 3, height);
      const jpeg = await sharp(Buffer.from(rgb.buffer, rgb.byteOffset, rgb.byteLength), { raw: { width, height, channels: 3 } })
        .jpeg({ quality: 95, chromaSubsampling: '4:4:4', optimiseCoding: false })
        .toBuffer();
      return withSegments(jpeg, exif, icc);
    } finally {
      lib.heif_image_release(decoded.image);
    }
  } catch (error) {
    if (error instanceof HeicDecodeError) throw error;
    throw new HeicDecodeError('unreadable', `libheif could not read the file: ${(error as Error)?.message ?? String(error)}`);
  } finally {
    for (const image of images) image.free();
    decoder.decoder.delete();
  }
}

/** `heicToJpeg` with its refusal as data (an Error crossing a thread boundary loses its class). */
export async function heicToJpegResult(bytes: Uint8Array, limits: Limits): Promise<HeicDecoded> {
  try {
    return { jpeg: await heicToJpeg(bytes, limits) };
  } catch (error) {
    if (error instanceof HeicDecodeError) return { error: { reason: error.reason, message: error.message } };
    throw error;
  }
}
