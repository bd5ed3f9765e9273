import { createHash } from 'node:crypto';
import { X509Certificate } from '@peculiar/x509';
import { JPEG } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { DataHashAssertion, ManifestStore, ValidationStatusCode } from '@trustnxt/c2pa-ts/manifest';

/**
 * A validator of delivered Content Credentials configured apart from the writer (issue 41 item 2):
 * - the library's validation (claim signature over COSE, every assertion's hashed URI, the data hash
 *   over the file), started from the bytes alone;
 * - a trust list of its own: the signer's chain must end at one of `trustedRootsPem` (c2pa-ts 0.9
 *   checks the certificate profile but has no trust list; this is checked here with @peculiar/x509);
 * - the hard binding recomputed without the library: the JPEG's APP11 segments are found by a parser of
 *   our own, the data hash's exclusion must be exactly them, and SHA-256 (node:crypto) over every other
 *   byte must equal the signed hash.
 */
export interface CredentialCheck {
  valid: boolean;
  /** Every failure, in words (empty when valid). */
  failures: string[];
  codes: string[];
  signer?: string;
}

export async function validateCredentials(jpeg: Uint8Array, trustedRootsPem: string): Promise<CredentialCheck> {
  const failures: string[] = [];
  if (!JPEG.canRead(jpeg)) return { valid: false, failures: ['not a JPEG'], codes: [] };
  const asset = new JPEG(jpeg);
  const jumbf = asset.getManifestJUMBF();
  if (!jumbf) return { valid: false, failures: ['no C2PA manifest in the file'], codes: [] };
  let store: ManifestStore;
  try {
    store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
  } catch (error) {
    return { valid: false, failures: [`manifest unreadable: ${(error as Error).message}`], codes: [] };
  }
  const result = await store.validate(asset);
  const codes = result.statusEntries.map((e) => e.code);
  for (const entry of result.statusEntries) if (!entry.success) failures.push(`library: ${entry.code}${entry.explanation ? ` (${entry.explanation})` : ''}`);
  for (const required of [ValidationStatusCode.ClaimSignatureValidated, ValidationStatusCode.AssertionDataHashMatch]) {
    if (!codes.includes(required)) failures.push(`library: ${required} missing`);
  }

  const manifest = store.getActiveManifest();
  const signature = manifest?.signature?.signatureData;
  const leaf = signature?.certificate;
  if (!leaf) failures.push('no signing certificate');
  else if (!(await chainsToTrustedRoot(leaf, signature.chainCertificates, trustedRootsPem))) failures.push('signer does not chain to a trusted root');

  const binding = manifest?.assertions?.assertions.find((a): a is DataHashAssertion => a instanceof DataHashAssertion);
  if (!binding?.hash) failures.push('no data hash assertion');
  else failures.push(...ownHardBindingCheck(jpeg, binding));

  return { valid: failures.length === 0 && result.isValid, failures, codes, signer: leaf?.subject };
}

async function chainsToTrustedRoot(leaf: X509Certificate, chain: X509Certificate[], trustedRootsPem: string): Promise<boolean> {
  const roots = (trustedRootsPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((pem) => new X509Certificate(pem));
  const now = new Date();
  let current = leaf;
  for (let depth = 0; depth < 5; depth++) {
    if (current.notBefore > now || current.notAfter < now) return false;
    for (const root of roots) {
      if (root.subject === current.issuer && (await current.verify({ publicKey: root, signatureOnly: true }))) return true;
    }
    const issuer = chain.find((c) => c.subject === current.issuer && c.subject !== current.subject);
    if (!issuer || !(await current.verify({ publicKey: issuer, signatureOnly: true }))) return false;
    current = issuer;
  }
  return false;
}

/** The exclusion must cover exactly the APP11 segments (found here), and SHA-256 of the rest must match. */
function ownHardBindingCheck(jpeg: Uint8Array, binding: DataHashAssertion): string[] {
  const failures: string[] = [];
  const app11: Array<{ start: number; end: number }> = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (jpeg[at + 1] === 0xeb) {
      const last = app11.at(-1);
      if (last && last.end === at) last.end = at + 2 + length;
      else app11.push({ start: at, end: at + 2 + length });
    }
    at += 2 + length;
  }
  const exclusions = binding.exclusions.map((e) => ({ start: e.start, end: e.start + e.length }));
  if (JSON.stringify(exclusions) !== JSON.stringify(app11)) failures.push(`own check: exclusions ${JSON.stringify(exclusions)} are not the APP11 segments ${JSON.stringify(app11)}`);
  const hash = createHash('sha256');
  let from = 0;
  for (const e of [...exclusions].sort((a, b) => a.start - b.start)) {
    hash.update(jpeg.subarray(from, e.start));
    from = e.end;
  }
  hash.update(jpeg.subarray(from));
  if (!hash.digest().equals(Buffer.from(binding.hash!))) failures.push('own check: SHA-256 of the image bytes differs from the signed hash');
  return failures;
}

/** One byte of the image data changed: in the middle of the entropy-coded scan (after the first SOS marker). */
export function withOneByteChanged(jpeg: Uint8Array): Buffer {
  const copy = Buffer.from(jpeg);
  let scan = 2;
  while (scan + 4 <= copy.length && copy[scan + 1] !== 0xda) scan += 2 + ((copy[scan + 2]! << 8) | copy[scan + 3]!);
  if (scan + 4 > copy.length) throw new Error('no scan in this JPEG');
  const at = Math.floor((scan + 20 + copy.length - 2) / 2);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}
