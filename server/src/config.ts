import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { PublicConfigResponse } from '../../contract/public-config.js';
import { operatorDetails } from './legal/operator.js';

/**
 * The whole environment of the server, parsed once at boot (fail fast with a readable message).
 * Every variable is listed in `.env.example`; the browser gets only `publicConfig()`.
 */
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** A whole number in [min, max], or undefined when unset or empty. */
const optionalInt = (min: number, max: number) =>
  optionalString.pipe(z.string().regex(/^\d+$/, { message: 'must be a whole number' }).transform(Number).pipe(z.number().int().min(min).max(max)).optional());

/**
 * TRUST_PROXY: unset/`false` (no proxy), a hop count (`1` = one proxy in front), or the proxies'
 * addresses/CIDRs (`10.0.0.1,10.0.0.0/8`). `true` ("trust every hop") is refused: any client
 * could then choose its own address by sending X-Forwarded-For, and dodge every rate limit.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = raw?.trim() ?? '';
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim()).filter(Boolean);
    const valid = (e: string) => {
      const [address, bits, ...rest] = e.split('/');
      if (rest.length || !address || isIP(address) === 0) return false;
      return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
    };
    if (v === 'true' || !entries.length || !entries.every(valid)) {
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY takes a hop count (e.g. 1) or proxy addresses (e.g. 10.0.0.1,10.0.0.0/8), never true' });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalString.pipe(z.url({ message: 'PUBLIC_URL must be a full URL like https://app.example.com' }).optional()),
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: optionalString,
    /** Unset: see databasePoolSize(). */
    DATABASE_POOL_SIZE: optionalInt(1, 100),
    SESSION_SECRET: optionalString.pipe(z.string().min(32, { message: 'SESSION_SECRET needs at least 32 characters' }).optional()),
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
    OIDC_ISSUER: optionalString,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_SCOPES: z.string().default('openid email profile'),
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: optionalString,
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: bool(true),
    STAGING_ENGINE: z.enum(['offline', 'openai', 'gemini', 'replicate', 'fixed-latency']).default('offline'),
    STAGING_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(180),
    STAGING_CONCURRENCY: z.coerce.number().int().min(1).max(6).default(3),
    FIXED_LATENCY_MS: z.coerce.number().int().min(0).max(600000).default(2000),
    OPENAI_API_KEY: optionalString,
    OPENAI_BASE_URL: optionalString,
    OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1.5'),
    GEMINI_API_KEY: optionalString,
    GEMINI_BASE_URL: optionalString,
    GEMINI_IMAGE_MODEL: z.string().default('gemini-2.5-flash-image'),
    REPLICATE_API_TOKEN: optionalString,
    REPLICATE_BASE_URL: optionalString,
    REPLICATE_MODEL: z.string().default('black-forest-labs/flux-kontext-pro'),
    /** Requests per minute to the staging engine's provider, shared by every process (decision 024); unset = no limit of our own. */
    PROVIDER_RPM: optionalInt(1, 100_000),
    /** A provider paused by its rate limit longer than this moves the run to the next model of its fallback list (issue 38). */
    ENGINE_FALLBACK_PATIENCE_S: z.coerce.number().int().min(0).max(600).default(20),
    /** Provider prices are in USD; the admin's cost and margin figures are in EUR at this rate. */
    USD_EUR_RATE: z.coerce.number().positive().max(100).default(0.86),
    WORKERS_IN_PROCESS: bool(true),
    /** Staging runs one process works at once; unset: 3 for the CPU-bound offline engine, 16 for engines that wait on a provider. */
    WORKER_CONCURRENCY: optionalInt(1, 64),
    /** Image passes one process runs at once; also its image threads, at most one per core (decisions 029, 057). */
    IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    /** Content Credentials signer (decision 060): certificate chain (leaf first) and PKCS#8 key, PEM; unset = a development certificate in DATA_DIR. */
    C2PA_SIGNING_CERT: optionalString,
    C2PA_SIGNING_KEY: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: optionalString,
    STRIPE_PRICE_PRO_MONTHLY: optionalString,
    STRIPE_PRICE_PRO_YEARLY: optionalString,
    STRIPE_PRICE_BUSINESS_MONTHLY: optionalString,
    STRIPE_PRICE_BUSINESS_YEARLY: optionalString,
    /** One-time prices of the credit packs (decision 061); a pack without one is not offered. */
    STRIPE_PRICE_PACK_50: optionalString,
    STRIPE_PRICE_PACK_200: optionalString,
    STRIPE_PRICE_PACK_500: optionalString,
    /** VAT (decision 018): a Stripe tax rate (`txr_...`) put on every subscription... */
    STRIPE_TAX_RATE_ID: optionalString.pipe(z.string().regex(/^txr_/, { message: 'STRIPE_TAX_RATE_ID must be a tax rate id (txr_...)' }).optional()),
    /** ...or Stripe Tax computing it from the customer's billing address. */
    STRIPE_AUTOMATIC_TAX: bool(false),
    /** Billing Portal configuration (`bpc_...`); unset = the account's default configuration. */
    STRIPE_PORTAL_CONFIGURATION_ID: optionalString,
    /** Where "Contact sales" requests are mailed (they are listed for admins either way). */
    SALES_EMAIL: optionalString.pipe(z.email({ message: 'SALES_EMAIL must be an e-mail address' }).optional()),
    /** The operator shown in the legal notice and privacy policy (decision 028); a production start warns when one is missing. */
    COMPANY_NAME: optionalString,
    /** Address lines separated by commas: "Musterstraße 1, 10115 Berlin, Germany". */
    COMPANY_ADDRESS: optionalString,
    COMPANY_REPRESENTATIVE: optionalString,
    COMPANY_REGISTER: optionalString,
    COMPANY_VAT_ID: optionalString,
    COMPANY_EMAIL: optionalString.pipe(z.email({ message: 'COMPANY_EMAIL must be an e-mail address' }).optional()),
    COMPANY_PHONE: optionalString,
    /** Privacy requests (privacy policy); unset = COMPANY_EMAIL. */
    PRIVACY_EMAIL: optionalString.pipe(z.email({ message: 'PRIVACY_EMAIL must be an e-mail address' }).optional()),
    RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    SMTP_URL: optionalString.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, { message: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465' })
        .optional(),
    ),
    MAIL_FROM: optionalString,
    /** Mail outbox (decision 033): attempts after the first, first retry delay, longest delay between attempts. */
    MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(30),
    MAIL_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(60),
    MAIL_RETRY_DELAY_MAX_S: z.coerce.number().int().min(1).max(86_400).default(3600),
    UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(200),
    REGISTER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    TOKEN_ATTEMPTS_PER_15_MIN: z.coerce.number().int().min(1).max(100_000).default(30),
    UNUSED_UPLOAD_HOURS: z.coerce.number().int().min(1).max(168).default(3),
    /** Open run event streams per user and per run in one process (decision 032); more answer 429 `too_many_streams`. */
    RUN_STREAMS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
    RUN_STREAMS_PER_RUN: z.coerce.number().int().min(1).max(100).default(4),
    /** A run event stream's safety re-read while notifications arrive (seconds). */
    RUN_STREAM_RECHECK_S: z.coerce.number().int().min(1).max(3600).default(20),
    /** Listing zips one user builds at once in one process (more: 429 `too_many_downloads`), and the process in all (more: 503 `downloads_busy`). */
    ZIPS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
    ZIPS_PER_PROCESS: z.coerce.number().int().min(1).max(1000).default(4),
    /** A working process touches each running run's heartbeat this often (seconds, decision 032). */
    RUN_HEARTBEAT_S: z.coerce.number().int().min(1).max(600).default(15),
    /** A started run whose heartbeat is older than this is refunded by the sweep (seconds; more than twice RUN_HEARTBEAT_S). */
    RUN_STALE_AFTER_S: z.coerce.number().int().min(2).max(3600).default(75),
    /** Every process sweeps for stale runs this often (seconds). */
    RUN_SWEEP_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(30),
    /** Public API (issue #25, decision 044): requests per key and minute, and renders one owner has queued or running at once. */
    API_RATE_LIMIT_PER_MIN: z.coerce.number().int().min(1).max(100_000).default(120),
    API_CONCURRENT_RENDERS: z.coerce.number().int().min(1).max(1000).default(10),
    /** Fetching a photo URL or delivering a webhook: the whole exchange's deadline (milliseconds). */
    API_OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /**
     * `host:port` pairs (comma-separated) the API may reach although they are not public https
     * addresses, e.g. an intranet webhook receiver. Empty: public https only.
     */
    API_OUTBOUND_ALLOW: optionalString.transform((v) => (v ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)),
    /** Webhook deliveries: attempts after the first, first retry delay, longest delay (about a day with the defaults). */
    WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(100).default(30),
    WEBHOOK_RETRY_DELAY_S: z.coerce.number().int().min(1).max(3600).default(30),
    WEBHOOK_RETRY_DELAY_MAX_S: z.coerce.number().int().min(1).max(86_400).default(3600),
  });

export type Env = z.infer<typeof envSchema>;

/** Slots for engines that mostly wait on a provider: image work has its own limit (IMAGE_CONCURRENCY). */
export const WAITING_ENGINE_WORKER_CONCURRENCY = 16;
export const OFFLINE_ENGINE_WORKER_CONCURRENCY = 3;

export interface AppConfig extends Env {
  WORKER_CONCURRENCY: number;
  /** The app's own origin, used for redirects and the foreign-Origin check. */
  publicUrl: string;
  dataDir: string;
  sessionSecret: string;
  oidcEnabled: boolean;
  billingEnabled: boolean;
  /** MAIL_FROM, else `Raumwerk <no-reply@host of PUBLIC_URL>`. */
  mailFrom: string;
}

export class ConfigError extends Error {
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment; throws ConfigError listing every problem. Pure apart from the dev secret file. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`)),
    ...crossFieldIssues(source),
  ];
  if (!parsed.success || issues.length) throw new ConfigError(issues);
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const workerConcurrency =
    env.WORKER_CONCURRENCY ?? (env.STAGING_ENGINE === 'offline' ? OFFLINE_ENGINE_WORKER_CONCURRENCY : WAITING_ENGINE_WORKER_CONCURRENCY);
  return {
    ...env,
    WORKER_CONCURRENCY: workerConcurrency,
    dataDir,
    publicUrl,
    mailFrom: env.MAIL_FROM ?? `Raumwerk <no-reply@${new URL(publicUrl).hostname}>`,
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(dataDir),
    oidcEnabled: Boolean(env.OIDC_ISSUER),
    billingEnabled: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY),
  };
}

/** Rules that involve several variables; checked on the raw values so they are reported with the rest. */
function crossFieldIssues(source: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => Boolean(source[name]?.trim());
  const issues: string[] = [];
  const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'];
  if (oidc.some(set) && !oidc.every(set)) issues.push('OIDC_ISSUER: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together');
  if (set('STRIPE_TAX_RATE_ID') && ['true', '1', 'yes'].includes(source.STRIPE_AUTOMATIC_TAX ?? '')) {
    issues.push('STRIPE_TAX_RATE_ID: set either STRIPE_TAX_RATE_ID or STRIPE_AUTOMATIC_TAX=true, not both (Stripe does not mix manual rates and Stripe Tax)');
  }
  if (set('C2PA_SIGNING_CERT') !== set('C2PA_SIGNING_KEY')) issues.push('C2PA_SIGNING_CERT: set C2PA_SIGNING_CERT and C2PA_SIGNING_KEY together');
  else if (set('C2PA_SIGNING_CERT')) issues.push(...signingPairIssues(source.C2PA_SIGNING_CERT!, source.C2PA_SIGNING_KEY!));
  if (source.STORAGE_DRIVER === 's3' && !set('S3_BUCKET')) issues.push('S3_BUCKET: STORAGE_DRIVER=s3 needs S3_BUCKET');
  const heartbeat = Number(source.RUN_HEARTBEAT_S?.trim() || 15);
  const staleAfter = Number(source.RUN_STALE_AFTER_S?.trim() || 75);
  if (Number.isFinite(heartbeat) && Number.isFinite(staleAfter) && staleAfter <= 2 * heartbeat) {
    issues.push('RUN_STALE_AFTER_S: must be more than twice RUN_HEARTBEAT_S (a live run would be refunded after one slow heartbeat)');
  }
  if (source.NODE_ENV === 'production') {
    if (!set('SESSION_SECRET')) issues.push('SESSION_SECRET: required in production (at least 32 random characters)');
    // Test paths stay out of production: the fixed-latency engine returns the photo with a corner mark
    // (and would charge a credit for it), and a plain-http issuer lets anyone on the path forge sign-ins.
    if (source.STAGING_ENGINE?.trim() === 'fixed-latency') {
      issues.push('STAGING_ENGINE: fixed-latency is a test engine and is refused in production; choose offline, openai, gemini or replicate');
    }
    if (source.OIDC_ISSUER?.trim().toLowerCase().startsWith('http:')) {
      issues.push('OIDC_ISSUER: must be an https:// URL in production (plain http is for local test issuers only)');
    }
  }
  return issues;
}

/** The Content Credentials signer (decision 060): a PEM certificate and the private key that belongs to it, checked at boot. */
function signingPairIssues(certificate: string, key: string): string[] {
  const pem = (value: string) => value.replace(/\\n/g, '\n');
  let leaf: X509Certificate;
  try {
    leaf = new X509Certificate(pem(certificate).match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)?.[0] ?? '');
  } catch {
    return ['C2PA_SIGNING_CERT: not a PEM certificate (-----BEGIN CERTIFICATE----- ..., the signer first)'];
  }
  try {
    if (!leaf.checkPrivateKey(createPrivateKey(pem(key)))) return ['C2PA_SIGNING_KEY: does not belong to the first certificate of C2PA_SIGNING_CERT'];
  } catch {
    return ['C2PA_SIGNING_KEY: not a PEM private key (-----BEGIN PRIVATE KEY----- ...)'];
  }
  return [];
}

/**
 * Outside production an unset SESSION_SECRET is generated once and kept in DATA_DIR,
 * so `npm start` works on a bare machine and sessions survive a restart.
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'dev-session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Staging runs a working process has at once (decision 048): its slots (WORKER_CONCURRENCY, engine
 * requests in flight) plus two per image-work slot for the runs whose result is locked and finished
 * meanwhile, so the slots never idle behind the CPU. An engine that renders on this machine
 * (offline) is CPU work itself: no room beside the slots.
 */
export function stagingRunsAtOnce(config: Pick<AppConfig, 'WORKER_CONCURRENCY' | 'IMAGE_CONCURRENCY' | 'STAGING_ENGINE'>): number {
  return config.STAGING_ENGINE === 'offline' ? config.WORKER_CONCURRENCY : config.WORKER_CONCURRENCY + 2 * config.IMAGE_CONCURRENCY;
}

/**
 * Connections of a process's pool: DATABASE_POOL_SIZE, else 10, and for a process that works staging runs
 * its runs at once + 4 when that is more (each busy run polls its row; 10 starved 16 slots under load).
 * Web-only processes keep 10, so 2 web + 2 worker processes stay well under a small server's 100.
 */
export function databasePoolSize(config: AppConfig, works: boolean): number {
  return config.DATABASE_POOL_SIZE ?? (works ? Math.max(10, stagingRunsAtOnce(config) + 4) : 10);
}

/** The subset the browser may see (served by GET /api/config). */
export function publicConfig(config: AppConfig): PublicConfigResponse {
  return {
    oidcEnabled: config.oidcEnabled,
    billingEnabled: config.billingEnabled,
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    stagingEngine: config.STAGING_ENGINE,
    /** The provider engines can empty a room (their `canDeclutter`); offline and fixed-latency cannot (decision 027). */
    furnitureRemoval: config.STAGING_ENGINE !== 'offline' && config.STAGING_ENGINE !== 'fixed-latency',
    stagingConcurrency: config.STAGING_CONCURRENCY,
    retentionDays: config.RETENTION_DAYS,
    logRetentionDays: config.LOG_RETENTION_DAYS,
    operator: operatorDetails(config),
  };
}

/** For entry points: the configuration, or a readable message and exit code 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
