import { createPrivateKey, generateKeyPairSync, webcrypto, type webcrypto as WebCrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { certificatesOf, type SigningMaterial } from './content-credentials.js';

/**
 * Who signs the Content Credentials (decision 060): the operator's certificate chain and key from
 * C2PA_SIGNING_CERT / C2PA_SIGNING_KEY (PEM), else a development certificate made at first use and
 * kept in DATA_DIR (`dev-c2pa/`, beside the dev session secret), so a restart keeps the same signer.
 * A development signer is said to be one wherever the credentials are shown: validators do not trust
 * it, and a buyer must not be told otherwise.
 */
export interface SigningIdentity extends SigningMaterial {
  development: boolean;
  /** The signer's name as a validator shows it (the leaf certificate's O, else CN). */
  signedBy: string;
}

export interface SigningSource {
  certificatePem?: string;
  privateKeyPem?: string;
  /** Where a development certificate is kept; unset = made in memory for this process only (tests). */
  dataDir?: string;
}

// @peculiar/x509 signs and verifies through WebCrypto: Node's own.
x509.cryptoProvider.set(webcrypto as never);

let source: SigningSource = {};
let resolved: Promise<SigningIdentity> | undefined;

/** Sets where the signer comes from (the composition, from the config); the next use resolves it. */
export function configureSigning(next: SigningSource): void {
  source = next;
  resolved = undefined;
}

/** The process's signer: resolved once (loading or making the development certificate). */
export function signingIdentity(): Promise<SigningIdentity> {
  resolved ??= resolveIdentity(source).catch((error: unknown) => {
    resolved = undefined;
    throw error;
  });
  return resolved;
}

/** PEM from the environment may come with literal `\n` (one-line variables): made into real line breaks. */
function pemFromEnv(value: string): string {
  return value.includes('-----BEGIN') ? value.replace(/\\n/g, '\n').trim() + '\n' : value;
}

async function resolveIdentity(from: SigningSource): Promise<SigningIdentity> {
  if (from.certificatePem && from.privateKeyPem) {
    const certificatesPem = pemFromEnv(from.certificatePem);
    const privateKeyPem = pemFromEnv(from.privateKeyPem);
    createPrivateKey(privateKeyPem);
    const [leaf] = certificatesOf(certificatesPem);
    if (!leaf) throw new Error('C2PA_SIGNING_CERT holds no certificate');
    return { certificatesPem, privateKeyPem, development: false, signedBy: nameOf(leaf) };
  }
  const dir = from.dataDir ? path.join(from.dataDir, 'dev-c2pa') : null;
  const files = dir ? { chain: path.join(dir, 'signer-chain.pem'), key: path.join(dir, 'signer-key.pem') } : null;
  if (files && existsSync(files.chain) && existsSync(files.key)) {
    const certificatesPem = readFileSync(files.chain, 'utf8');
    const [leaf] = certificatesOf(certificatesPem);
    if (leaf && leaf.notAfter.getTime() > Date.now() + 86_400_000) {
      return { certificatesPem, privateKeyPem: readFileSync(files.key, 'utf8'), development: true, signedBy: nameOf(leaf) };
    }
  }
  const made = await issueChain({ rootName: 'CN=Raumwerk Development Root (not trusted)', signerName: 'CN=Raumwerk development signer, O=Raumwerk (development certificate)' });
  if (dir && files) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(files.chain, made.certificatesPem, { mode: 0o600 });
    writeFileSync(files.key, made.privateKeyPem, { mode: 0o600 });
    writeFileSync(path.join(dir, 'root.pem'), made.rootPem, { mode: 0o644 });
  }
  return { certificatesPem: made.certificatesPem, privateKeyPem: made.privateKeyPem, development: true, signedBy: nameOf(certificatesOf(made.certificatesPem)[0]!) };
}

function nameOf(certificate: x509.X509Certificate): string {
  const name = new x509.Name(certificate.subject).toJSON();
  const field = (type: string) => name.flatMap((rdn) => rdn[type] ?? [])[0];
  return field('O') ?? field('CN') ?? certificate.subject;
}

export interface IssuedChain {
  /** Signer certificate then root, as the manifest carries them. */
  certificatesPem: string;
  privateKeyPem: string;
  /** The root alone: what a validator's trust list holds. */
  rootPem: string;
}

/**
 * A root and a signer certificate with the profile C2PA asks of a claim signer (§14.5.1: v3, key usage
 * digitalSignature (critical), extended key usage emailProtection, not a CA, authority key identifier),
 * ES256 on P-256. For the development signer and for tests' own trust roots.
 */
export async function issueChain(names: { rootName: string; signerName: string; validDays?: number }): Promise<IssuedChain> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
  const days = names.validDays ?? 3650;
  const notBefore = new Date(Date.now() - 86_400_000);
  const notAfter = new Date(Date.now() + days * 86_400_000);
  const rootKeys = await keyPair();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: names.rootName,
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const signerKeys = await keyPair();
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: names.signerName,
    issuer: root.subject,
    notBefore,
    notAfter,
    publicKey: signerKeys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: algorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection]),
      await x509.AuthorityKeyIdentifierExtension.create(root),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', signerKeys.privateKey));
  const privateKeyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END PRIVATE KEY-----\n`.replace(/\n\n/g, '\n');
  return { certificatesPem: `${signer.toString('pem')}\n${root.toString('pem')}\n`, privateKeyPem, rootPem: `${root.toString('pem')}\n` };
}

async function keyPair(): Promise<WebCrypto.CryptoKeyPair> {
  // node:crypto makes the pair (synchronously, ~1 ms for P-256); webcrypto imports it for @peculiar/x509.
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' };
  return {
    privateKey: (await webcrypto.subtle.importKey('pkcs8', privateKey.export({ type: 'pkcs8', format: 'der' }), algorithm, true, ['sign'])) as WebCrypto.CryptoKey,
    publicKey: (await webcrypto.subtle.importKey('spki', publicKey.export({ type: 'spki', format: 'der' }), algorithm, true, ['verify'])) as WebCrypto.CryptoKey,
  };
}

function serial(): string {
  return Buffer.from(webcrypto.getRandomValues(new Uint8Array(8))).toString('hex').replace(/^[89a-f]/, '1');
}
