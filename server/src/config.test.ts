import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, databasePoolSize, loadConfig, publicConfig, stagingRunsAtOnce } from './config.js';
import { issueChain } from './images/signing-identity.js';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'raumwerk-config-'));

describe('loadConfig', () => {
  it('starts on embedded defaults with an empty environment', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.PORT).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.STORAGE_DRIVER).toBe('local');
    expect(config.STAGING_ENGINE).toBe('offline');
    expect(config.WORKERS_IN_PROCESS).toBe(true);
    expect(config.billingEnabled).toBe(false);
    expect(config.oidcEnabled).toBe(false);
    expect(config.RETENTION_DAYS).toBe(30);
    expect([config.WORKER_CONCURRENCY, config.IMAGE_CONCURRENCY]).toEqual([3, 2]);
  });

  it('gives engines that wait on a provider more worker slots unless WORKER_CONCURRENCY says otherwise', () => {
    const waiting = loadConfig({ DATA_DIR: dataDir(), STAGING_ENGINE: 'fixed-latency' });
    expect(waiting.WORKER_CONCURRENCY).toBe(16);
    // A waiting engine's process works its 16 slots' runs plus 2 per image-work slot (decision 048);
    // the offline engine's runs are CPU work themselves: as many as its slots.
    expect(stagingRunsAtOnce(waiting)).toBe(16 + 2 * 2);
    expect(stagingRunsAtOnce(loadConfig({ DATA_DIR: dataDir() }))).toBe(3);
    // The pool grows with those runs in a working process only, unless DATABASE_POOL_SIZE is set.
    expect([databasePoolSize(waiting, true), databasePoolSize(waiting, false)]).toEqual([24, 10]);
    expect(databasePoolSize(loadConfig({ DATA_DIR: dataDir() }), true)).toBe(10);
    expect(databasePoolSize(loadConfig({ DATA_DIR: dataDir(), STAGING_ENGINE: 'fixed-latency', DATABASE_POOL_SIZE: '7' }), true)).toBe(7);
    expect(loadConfig({ DATA_DIR: dataDir(), STAGING_ENGINE: 'openai', OPENAI_API_KEY: 'k', WORKER_CONCURRENCY: '5' }).WORKER_CONCURRENCY).toBe(5);
    for (const bad of ['0', '65', 'x']) expect(() => loadConfig({ DATA_DIR: dataDir(), WORKER_CONCURRENCY: bad })).toThrow(ConfigError);
  });

  it('leaves provider requests unlimited unless PROVIDER_RPM is a whole number from 1', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).PROVIDER_RPM).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), PROVIDER_RPM: '50' }).PROVIDER_RPM).toBe(50);
    for (const bad of ['0', '2.5', 'fast']) expect(() => loadConfig({ DATA_DIR: dataDir(), PROVIDER_RPM: bad })).toThrow(ConfigError);
  });

  it('takes a Content Credentials signer only as a matching certificate and key, both or neither (decision 060)', async () => {
    const a = await issueChain({ rootName: 'CN=Root A', signerName: 'CN=Signer A' });
    const b = await issueChain({ rootName: 'CN=Root B', signerName: 'CN=Signer B' });
    expect(loadConfig({ DATA_DIR: dataDir(), C2PA_SIGNING_CERT: a.certificatesPem, C2PA_SIGNING_KEY: a.privateKeyPem }).C2PA_SIGNING_CERT).toBe(a.certificatesPem.trim());
    // One-line variables with \n, as env files and secret stores hold them.
    const oneLine = (pem: string) => pem.replace(/\n/g, '\\n');
    expect(() => loadConfig({ DATA_DIR: dataDir(), C2PA_SIGNING_CERT: oneLine(a.certificatesPem), C2PA_SIGNING_KEY: oneLine(a.privateKeyPem) })).not.toThrow();
    const issues = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dataDir(), ...env });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(issues({ C2PA_SIGNING_CERT: a.certificatesPem })).toContain('set C2PA_SIGNING_CERT and C2PA_SIGNING_KEY together');
    expect(issues({ C2PA_SIGNING_CERT: a.certificatesPem, C2PA_SIGNING_KEY: b.privateKeyPem })).toContain('C2PA_SIGNING_KEY: does not belong to the first certificate');
    expect(issues({ C2PA_SIGNING_CERT: 'certificate', C2PA_SIGNING_KEY: a.privateKeyPem })).toContain('C2PA_SIGNING_CERT: not a PEM certificate');
    expect(issues({ C2PA_SIGNING_CERT: a.certificatesPem, C2PA_SIGNING_KEY: 'secret' })).toContain('C2PA_SIGNING_KEY: not a PEM private key');
  });

  it('bounds IMAGE_CONCURRENCY to a whole number from 1', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), IMAGE_CONCURRENCY: '4' }).IMAGE_CONCURRENCY).toBe(4);
    for (const bad of ['0', '1.5', 'many']) expect(() => loadConfig({ DATA_DIR: dataDir(), IMAGE_CONCURRENCY: bad })).toThrow(ConfigError);
  });

  it('caps streams and zips and keeps a run heartbeat by default, and wants stale runs judged after more than two heartbeats (decision 032)', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect([config.RUN_STREAMS_PER_USER, config.RUN_STREAMS_PER_RUN, config.RUN_STREAM_RECHECK_S]).toEqual([20, 4, 20]);
    expect([config.ZIPS_PER_USER, config.ZIPS_PER_PROCESS]).toEqual([2, 4]);
    expect([config.RUN_HEARTBEAT_S, config.RUN_STALE_AFTER_S, config.RUN_SWEEP_INTERVAL_S]).toEqual([15, 75, 30]);
    expect(loadConfig({ DATA_DIR: dataDir(), RUN_HEARTBEAT_S: '1', RUN_STALE_AFTER_S: '3' }).RUN_STALE_AFTER_S).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RUN_HEARTBEAT_S: '40' })).toThrow(/RUN_STALE_AFTER_S: must be more than twice RUN_HEARTBEAT_S/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RUN_STREAMS_PER_RUN: '0' })).toThrow(ConfigError);
  });

  it('generates a development session secret once and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'dev-session-secret'), 'utf8')).toBe(first);
  });

  it('parses numbers, booleans and lists', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PORT: '8080',
      WORKERS_IN_PROCESS: 'false',
      TRUST_PROXY: '1',
      ADMIN_EMAILS: ' A@Example.com, b@example.com ,',
      PUBLIC_URL: 'https://app.example.com/',
    });
    expect(config.PORT).toBe(8080);
    expect(config.WORKERS_IN_PROCESS).toBe(false);
    expect(config.TRUST_PROXY).toBe(1);
    expect(config.ADMIN_EMAILS).toEqual(['a@example.com', 'b@example.com']);
    expect(config.publicUrl).toBe('https://app.example.com');
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, never "trust every hop"', () => {
    const load = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: dataDir(), ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) }).TRUST_PROXY;
    expect(load()).toBe(false);
    expect(load('false')).toBe(false);
    expect(load('2')).toBe(2);
    expect(load(' 10.0.0.1, 10.0.0.0/8 ,::1')).toEqual(['10.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => load('true')).toThrow(/TRUST_PROXY takes a hop count/);
    expect(() => load('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
    expect(() => load('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });

  it('lists every problem in one readable error', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', STAGING_ENGINE: 'magic', OIDC_ISSUER: 'https://id.example.com', SESSION_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid configuration:/);
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/STAGING_ENGINE/);
    expect(message).toMatch(/SESSION_SECRET: SESSION_SECRET needs at least 32 characters/);
    expect(message).toMatch(/OIDC_ISSUER: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together/);
  });

  it('refuses the test engine and plain-http OIDC issuers in production, with a start-up error naming the variable', () => {
    const production = { DATA_DIR: dataDir(), NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, STAGING_ENGINE: 'fixed-latency' })).toThrow(/STAGING_ENGINE: fixed-latency is a test engine and is refused in production/);
    const oidc = { OIDC_CLIENT_ID: 'raumwerk', OIDC_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig({ ...production, ...oidc, OIDC_ISSUER: 'http://idp.example.com' })).toThrow(/OIDC_ISSUER: must be an https:\/\/ URL in production/);
    expect(loadConfig({ ...production, ...oidc, OIDC_ISSUER: 'https://idp.example.com' }).oidcEnabled).toBe(true);
    expect(loadConfig({ ...production, STAGING_ENGINE: 'offline' }).STAGING_ENGINE).toBe('offline');
    // Outside production both stay available for tests and local setups.
    const test = { DATA_DIR: dataDir(), NODE_ENV: 'test' };
    expect(loadConfig({ ...test, STAGING_ENGINE: 'fixed-latency' }).STAGING_ENGINE).toBe('fixed-latency');
    expect(loadConfig({ ...test, ...oidc, OIDC_ISSUER: 'http://127.0.0.1:9999' }).OIDC_ISSUER).toBe('http://127.0.0.1:9999');
  });

  it('requires a session secret in production and S3_BUCKET for the s3 driver', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('turns billing on only with both Stripe keys, and exposes only public values', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' });
    expect(config.billingEnabled).toBe(true);
    const pub = publicConfig(config);
    expect(pub.stripePublishableKey).toBe('pk_test_1');
    expect(JSON.stringify(pub)).not.toContain('sk_test_1');
    expect(JSON.stringify(pub)).not.toContain(config.sessionSecret);
  });
});
