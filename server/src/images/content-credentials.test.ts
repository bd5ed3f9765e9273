import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCredentials, withOneByteChanged } from '../../test/support/c2pa-validator.js';
import { LOCK_KEEPS, readCredentials, sha256Hex, signJpeg, signLabelledCopy, type CredentialFacts } from './content-credentials.js';
import { configureSigning, issueChain, signingIdentity, type IssuedChain } from './signing-identity.js';

/** Decision 060: what a signed result says, checked by a validator with its own trust list and hard-binding check. */
let operator: IssuedChain;
let other: IssuedChain;
let image: Buffer;
let originalBytes: Buffer;
let facts: CredentialFacts;
beforeAll(async () => {
  [operator, other] = await Promise.all([
    issueChain({ rootName: 'CN=Test Root', signerName: 'CN=Test signer, O=Makler Test GmbH' }),
    issueChain({ rootName: 'CN=Someone Else Root', signerName: 'CN=Someone else' }),
  ]);
  originalBytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8b8a0' } }).jpeg().toBuffer();
  image = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#806040' } }).jpeg({ quality: 85 }).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>').toBuffer();
  facts = {
    service: 'removal',
    model: 'openai:gpt-image-1.5',
    createdAt: '2026-11-28T14:00:00.000Z',
    original: { sha256: sha256Hex(originalBytes), title: 'wohnzimmer.jpg', format: 'image/jpeg' },
    lock: { aligned: true, changedShare: 0.23, architectureScore: 0.97, alignmentErrorPx: 0.6, structureSupport: 41, kept: LOCK_KEEPS },
  };
});

/** Where a JPEG's scan (SOS segment) starts, by walking the segments. */
function scanStart(jpeg: Buffer): number {
  let at = 2;
  while (jpeg[at + 1] !== 0xda) at += 2 + jpeg.readUInt16BE(at + 2);
  return at;
}

const material = () => ({ certificatesPem: operator.certificatesPem, privateKeyPem: operator.privateKeyPem });

describe('signed Content Credentials', () => {
  it('a signed JPEG validates against a trust list holding its root, and states service, model, original and the lock verdict', async () => {
    const thumbnail = await sharp(originalBytes).resize(64).jpeg().toBuffer();
    const signed = await signJpeg(image, facts, material(), { originalThumbnail: thumbnail });
    const check = await validateCredentials(signed, operator.rootPem);
    expect(check.failures).toEqual([]);
    expect(check.valid).toBe(true);
    expect(check.signer).toContain('Makler Test GmbH');
    const read = readCredentials(signed)!;
    expect(read.facts).toEqual(facts);
    expect(Buffer.from(read.originalThumbnail!).equals(thumbnail)).toBe(true);
    // The pixels are the same picture: only the manifest segments were added.
    expect((await sharp(signed).raw().toBuffer()).equals(await sharp(image).raw().toBuffer())).toBe(true);
    expect((await sharp(signed).metadata()).xmpAsString).toContain('adobe:ns:meta');
  });

  it('fails when one byte of the image data changes', async () => {
    const signed = await signJpeg(image, facts, material());
    const check = await validateCredentials(withOneByteChanged(signed), operator.rootPem);
    expect(check.valid).toBe(false);
    expect(check.failures).toContain('library: assertion.dataHash.mismatch');
    expect(check.failures).toContain('own check: SHA-256 of the image bytes differs from the signed hash');
  });

  it('fails against a trust list without its root', async () => {
    const signed = await signJpeg(image, facts, material());
    const check = await validateCredentials(signed, other.rootPem);
    expect(check.valid).toBe(false);
    expect(check.failures).toEqual(['signer does not chain to a trusted root']);
  });

  it('a labelled copy gets its own signature over its own bytes, with the same facts and the label', async () => {
    const signed = await signJpeg(image, facts, material());
    const labelled = await sharp(signed).composite([{ input: Buffer.from('<svg width="100" height="30"><rect width="100" height="30"/></svg>'), left: 10, top: 10 }]).jpeg().toBuffer();
    const copy = await signLabelledCopy({ source: signed, labelled, label: 'de', material: material() });
    expect((await validateCredentials(copy, operator.rootPem)).failures).toEqual([]);
    expect(readCredentials(copy)!.facts).toEqual({ ...facts, label: 'de' });
    // The result's own manifest does not bind the labelled pixels.
    const grafted = Buffer.concat([signed.subarray(0, scanStart(signed)), copy.subarray(scanStart(copy))]);
    expect((await validateCredentials(grafted, operator.rootPem)).valid).toBe(false);
  });

  it('an image without credentials (stored before decision 060) stays unsigned rather than getting invented facts', async () => {
    const copy = await signLabelledCopy({ source: image, labelled: image, label: 'en', material: material() });
    expect(readCredentials(copy)).toBeNull();
    expect((await validateCredentials(copy, operator.rootPem)).failures).toEqual(['no C2PA manifest in the file']);
  });
});

describe('the signer', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'raumwerk-c2pa-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
    configureSigning({});
  });

  it("the operator's certificate and key from the environment (one-line PEM with \\n) sign as the operator", async () => {
    configureSigning({ certificatePem: operator.certificatesPem.replace(/\n/g, '\\n'), privateKeyPem: operator.privateKeyPem.replace(/\n/g, '\\n'), dataDir });
    const identity = await signingIdentity();
    expect(identity).toMatchObject({ development: false, signedBy: 'Makler Test GmbH' });
    expect((await validateCredentials(await signJpeg(image, facts, identity), operator.rootPem)).valid).toBe(true);
  });

  it('without them a development certificate is made once into DATA_DIR and kept across restarts', async () => {
    configureSigning({ dataDir });
    const first = await signingIdentity();
    expect(first.development).toBe(true);
    expect(first.signedBy).toContain('development certificate');
    const root = readFileSync(path.join(dataDir, 'dev-c2pa', 'root.pem'), 'utf8');
    configureSigning({ dataDir });
    const again = await signingIdentity();
    expect(again.certificatesPem).toBe(first.certificatesPem);
    expect((await validateCredentials(await signJpeg(image, facts, again), root)).valid).toBe(true);
    expect((await validateCredentials(await signJpeg(image, facts, again), operator.rootPem)).valid).toBe(false);
  });
});
