import { describe, expect, it } from 'vitest';
import { pngFile } from '@/test/fetch-mock';
import { readImageSize, sizeFromBytes } from './image-size';

function jpeg(width: number, height: number, exifBytes = 0): Uint8Array<ArrayBuffer> {
  const app1 = exifBytes
    ? [
        0xff,
        0xe1,
        ((exifBytes + 2) >> 8) & 0xff,
        (exifBytes + 2) & 0xff,
        ...new Array(exifBytes).fill(0),
      ]
    : [];
  const sof = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    ...new Array(9).fill(0),
  ];
  return new Uint8Array([0xff, 0xd8, ...app1, ...sof, 0xff, 0xd9]);
}

function webp(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Uint8Array {
  const b = new Uint8Array(40);
  b.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  b.set(
    [...'WEBP'].map((c) => c.charCodeAt(0)),
    8,
  );
  b.set(
    [...chunk].map((c) => c.charCodeAt(0)),
    12,
  );
  if (chunk === 'VP8 ') {
    b[26] = width & 0xff;
    b[27] = width >> 8;
    b[28] = height & 0xff;
    b[29] = height >> 8;
  } else if (chunk === 'VP8L') {
    const w = width - 1;
    const h = height - 1;
    b[21] = w & 0xff;
    b[22] = ((w >> 8) & 0x3f) | ((h & 0x3) << 6);
    b[23] = (h >> 2) & 0xff;
    b[24] = (h >> 10) & 0x0f;
  } else {
    const w = width - 1;
    const h = height - 1;
    b.set(
      [w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff],
      24,
    );
  }
  return b;
}

describe('image size from the file header', () => {
  it('reads PNG, JPEG (also after a long EXIF block) and all three WebP kinds', async () => {
    expect(await readImageSize(pngFile('a.png', 800, 600))).toEqual({ width: 800, height: 600 });
    expect(sizeFromBytes(jpeg(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(await readImageSize(new Blob([jpeg(1280, 720, 60_000)]))).toEqual({
      width: 1280,
      height: 720,
    });
    expect(sizeFromBytes(webp('VP8 ', 1024, 768))).toEqual({ width: 1024, height: 768 });
    expect(sizeFromBytes(webp('VP8L', 1500, 1000))).toEqual({ width: 1500, height: 1000 });
    expect(sizeFromBytes(webp('VP8X', 5000, 3000))).toEqual({ width: 5000, height: 3000 });
  });

  it('returns null for anything else', () => {
    expect(sizeFromBytes(new TextEncoder().encode('GIF89a not an accepted type'))).toBeNull();
  });
});
