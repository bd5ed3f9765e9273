import { createHash, createPrivateKey, randomUUID } from 'node:crypto';
import { X509Certificate } from '@peculiar/x509';
import { JPEG } from '@trustnxt/c2pa-ts/asset';
import { CoseAlgorithmIdentifier, LocalSigner } from '@trustnxt/c2pa-ts/cose';
import { CBORBox, SuperBox, type IBox } from '@trustnxt/c2pa-ts/jumbf';
import {
  ActionAssertion,
  ActionType,
  Assertion,
  AssertionLabels,
  DataHashAssertion,
  IngredientAssertion,
  ManifestStore,
  RelationshipType,
  ThumbnailAssertion,
  ThumbnailType,
  type Manifest,
} from '@trustnxt/c2pa-ts/manifest';
import { DIGITAL_SOURCE_TYPE } from './provenance.js';

/**
 * C2PA Content Credentials (issue 41, decision 060): a signed manifest embedded in every delivered
 * staged JPEG (JUMBF in APP11 segments). It says, signed with the operator's certificate: this file was
 * edited from the photo named as its ingredient (`parentOf`, with the original's SHA-256 and a small
 * thumbnail), by the model named as software agent, digital source type "composite with trained
 * algorithmic media"; what the geometry lock found (`com.raumwerk.geometry-lock`) and which service
 * made it (`com.raumwerk.service`). The data-hash assertion binds the manifest to every other byte of
 * the file: change one and validation fails.
 *
 * Pure functions over buffers and PEM strings, so they run in an image thread as well (decision 057).
 */

export const GEOMETRY_LOCK_ASSERTION = 'com.raumwerk.geometry-lock';
export const SERVICE_ASSERTION = 'com.raumwerk.service';
export const SOFTWARE_NAME = 'Raumwerk';

export type CredentialService = 'staging' | 'removal' | 'renovation';

/** What the credentials state about one delivered image. */
export interface CredentialFacts {
  service: CredentialService;
  /** The engine and model that made the picture, as stored with the image (`openai:gpt-image-1.5`, `offline`). */
  model: string;
  /** When the staged image was made (ISO 8601). */
  createdAt: string;
  original: { sha256: string; title: string; format: string };
  lock: GeometryLockFacts;
  /** Set on a labelled download: the visible "virtually staged" label's language. */
  label?: 'de' | 'en';
}

/** The geometry lock's verdict on the delivered image (lock-result.ts `LockFigures`). */
export interface GeometryLockFacts {
  /** Always true on a delivered image: a refused result is never stored. */
  aligned: boolean;
  /** Share of the frame (0–1) taken from the model's result; the rest is the original photo's pixels. */
  changedShare: number;
  /** Share (0–1) of the photo's long structural lines still where they were. */
  architectureScore: number;
  alignmentErrorPx: number;
  structureSupport: number | null;
  /** What was taken from the original photo rather than from the model. */
  kept: string[];
}

/** What the lock keeps from the original: everything outside the change mask (DESIGN §6). */
export const LOCK_KEEPS = ['walls', 'windows', 'doors', 'floor', 'ceiling', 'views', 'light outside the added objects'];

/** The signer's certificate chain (leaf first) and PKCS#8 private key, as PEM: plain strings, so they cross into image threads. */
export interface SigningMaterial {
  certificatesPem: string;
  privateKeyPem: string;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Splits a PEM bundle into its certificates (leaf first, as an operator's chain file lists them). */
export function certificatesOf(pem: string): X509Certificate[] {
  return (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((block) => new X509Certificate(block));
}

const signers = new Map<string, LocalSigner>();

/** ES256/ES384 for an EC key, PS256 for RSA (the algorithms C2PA names); one signer per key, kept. */
export function signerOf(material: SigningMaterial): LocalSigner {
  const cacheKey = sha256Hex(Buffer.from(material.privateKeyPem + material.certificatesPem));
  const known = signers.get(cacheKey);
  if (known) return known;
  const key = createPrivateKey(material.privateKeyPem);
  const pkcs8 = new Uint8Array(key.export({ type: 'pkcs8', format: 'der' }));
  const [leaf, ...chain] = certificatesOf(material.certificatesPem);
  if (!leaf) throw new Error('C2PA signing certificate: no certificate in the PEM');
  const algorithm =
    key.asymmetricKeyType === 'ec'
      ? key.asymmetricKeyDetails?.namedCurve === 'secp384r1'
        ? CoseAlgorithmIdentifier.ES384
        : CoseAlgorithmIdentifier.ES256
      : key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss'
        ? CoseAlgorithmIdentifier.PS256
        : key.asymmetricKeyType === 'ed25519'
          ? CoseAlgorithmIdentifier.Ed25519
          : null;
  if (algorithm === null) throw new Error(`C2PA signing key: unsupported key type ${key.asymmetricKeyType}`);
  const signer = new LocalSigner(pkcs8, algorithm, leaf, chain);
  signers.set(cacheKey, signer);
  return signer;
}

/** A CBOR assertion of our own (the library reads unknown labels but only writes the ones it knows). */
class CborAssertion extends Assertion {
  data: unknown;
  constructor(label: string, data: unknown) {
    super();
    this.label = label;
    // The UUID of every CBOR assertion (C2PA §11.1.2), taken from one the library makes.
    this.uuid = new ActionAssertion().uuid;
    this.data = data;
  }
  readContentFromJUMBF(box: IBox): void {
    this.data = (box as CBORBox).content;
  }
  generateJUMBFBoxForContent(): IBox {
    const box = new CBORBox();
    box.content = this.data;
    return box;
  }
}

export interface SignOptions {
  /** A small JPEG of the original, embedded as the ingredient's thumbnail. */
  originalThumbnail?: Uint8Array;
  /** Replaces a manifest the JPEG carries already (a labelled copy of a signed result). */
  replace?: boolean;
}

/**
 * The JPEG with a signed C2PA manifest embedded. The hard binding (c2pa.hash.data, SHA-256) covers
 * every byte except the manifest's own segments; nothing else in the file changes.
 */
export async function signJpeg(jpeg: Uint8Array, facts: CredentialFacts, material: SigningMaterial, options: SignOptions = {}): Promise<Buffer> {
  const signer = signerOf(material);
  const input = options.replace ? withoutManifest(jpeg) : jpeg;
  const asset = new JPEG(input);
  const store = new ManifestStore();
  const manifest = store.createManifest({ assetFormat: 'image/jpeg', instanceID: `xmp:iid:${randomUUID()}`, defaultHashAlgorithm: 'SHA-256', signer });
  manifest.claim!.claimGeneratorName = SOFTWARE_NAME;
  manifest.claim!.title = facts.label ? 'staged-labelled.jpg' : 'staged.jpg';

  const ingredient = IngredientAssertion.createV3(RelationshipType.ParentOf);
  ingredient.title = facts.original.title;
  ingredient.format = facts.original.format;
  ingredient.instanceID = `urn:sha256:${facts.original.sha256}`;
  ingredient.description = 'The unaltered photograph';
  if (options.originalThumbnail) {
    const thumbnail = ThumbnailAssertion.create('jpeg', options.originalThumbnail, ThumbnailType.Ingredient);
    manifest.addAssertion(thumbnail);
    ingredient.thumbnail = manifest.createAssertionReference(thumbnail);
  }
  manifest.addAssertion(ingredient);

  const actions = new ActionAssertion();
  actions.actions = [
    { action: ActionType.C2paOpened, parameters: { ingredients: [manifest.createAssertionReference(ingredient)] } },
    {
      action: ActionType.C2paEdited,
      digitalSourceType: DIGITAL_SOURCE_TYPE as never,
      softwareAgent: { name: facts.model },
      description: SERVICE_DESCRIPTION[facts.service],
    },
    ...(facts.label ? [{ action: ActionType.C2paEdited, description: `Visible "virtually staged" label added (${facts.label})`, softwareAgent: { name: SOFTWARE_NAME } }] : []),
  ];
  manifest.addAssertion(actions);
  manifest.addAssertion(new CborAssertion(GEOMETRY_LOCK_ASSERTION, facts.lock));
  manifest.addAssertion(new CborAssertion(SERVICE_ASSERTION, { service: facts.service, model: facts.model, createdAt: facts.createdAt, label: facts.label ?? null }));

  const binding = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(binding);
  await asset.ensureManifestSpace(store.measureSize());
  await binding.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}

const SERVICE_DESCRIPTION: Record<CredentialService, string> = {
  staging: 'Virtual staging: furniture and decor added with AI; the room is the original photograph',
  removal: 'Furniture removal: furniture removed with AI; the room is the original photograph',
  renovation: 'Renovation preview: surfaces re-imagined with AI; not the current state of the property',
};

/** What a signed JPEG's active manifest says (our assertions), or null when it carries none we made. */
export interface ReadCredentials {
  facts: CredentialFacts;
  originalThumbnail?: Uint8Array;
  manifest: Manifest;
}

export function readCredentials(jpeg: Uint8Array): ReadCredentials | null {
  if (!JPEG.canRead(jpeg)) return null;
  const asset = new JPEG(jpeg);
  const jumbf = asset.getManifestJUMBF();
  if (!jumbf) return null;
  const store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
  const manifest = store.getActiveManifest();
  const assertions = manifest?.assertions?.assertions ?? [];
  const cbor = (label: string) => {
    const found = assertions.find((a) => a.label === label);
    const box = found?.sourceBox?.contentBoxes[0];
    return box instanceof CBORBox ? (box.content as Record<string, unknown>) : undefined;
  };
  const lock = cbor(GEOMETRY_LOCK_ASSERTION) as GeometryLockFacts | undefined;
  const service = cbor(SERVICE_ASSERTION) as { service: CredentialService; model: string; createdAt: string; label: 'de' | 'en' | null } | undefined;
  const ingredient = assertions.find((a): a is IngredientAssertion => a instanceof IngredientAssertion);
  if (!manifest || !lock || !service || !ingredient) return null;
  const thumbnail = assertions.find((a): a is ThumbnailAssertion => a instanceof ThumbnailAssertion && Boolean(a.label?.startsWith(AssertionLabels.ingredientThumbnailPrefix)));
  return {
    manifest,
    originalThumbnail: thumbnail?.content,
    facts: {
      service: service.service,
      model: service.model,
      createdAt: service.createdAt,
      ...(service.label ? { label: service.label } : {}),
      original: { sha256: (ingredient.instanceID ?? '').replace(/^urn:sha256:/, ''), title: ingredient.title ?? '', format: ingredient.format ?? '' },
      lock,
    },
  };
}

/** The JPEG without its APP11 (JUMBF) segments: what a re-signed copy starts from. */
export function withoutManifest(jpeg: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    // Start of scan: the entropy-coded data and everything after it stay as they are.
    if (marker === 0xda) break;
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    if (marker !== 0xeb) parts.push(jpeg.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  parts.push(jpeg.subarray(at));
  return Buffer.concat(parts);
}

/** A labelled copy of a signed result, to be signed in its own right (its pixels differ: its own hard binding). */
export interface LabelledSigning {
  /** The stored result the label was drawn on (signed at finishing). */
  source: Uint8Array;
  labelled: Uint8Array;
  label: 'de' | 'en';
  material: SigningMaterial;
}

/**
 * The labelled copy with credentials of its own: the stored result's facts (same original, model and
 * lock verdict) plus the label action. A result stored before decision 060 carries no credentials to
 * repeat: its labelled copy goes out unsigned rather than with invented facts.
 */
export async function signLabelledCopy(task: LabelledSigning): Promise<Buffer> {
  const read = readCredentials(task.source);
  if (!read) return Buffer.from(task.labelled);
  return signJpeg(task.labelled, { ...read.facts, label: task.label }, task.material, { originalThumbnail: read.originalThumbnail, replace: true });
}

type LabelledSigner = (task: LabelledSigning, signal?: AbortSignal) => Promise<Uint8Array>;
let labelledSigner: LabelledSigner = (task) => signLabelledCopy(task);

/**
 * Where labelled copies are signed: in place until the composition hands over the image threads
 * (staging/engine-wiring.ts), since reading and re-signing a full-size JPEG holds a thread 5–15 ms.
 */
export function configureLabelledSigning(signer: LabelledSigner): void {
  labelledSigner = signer;
}

export async function signLabelled(task: LabelledSigning, signal?: AbortSignal): Promise<Buffer> {
  return Buffer.from(await labelledSigner(task, signal));
}
