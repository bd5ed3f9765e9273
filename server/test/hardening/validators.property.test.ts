import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRequest, registerRequest, updateProfileRequest } from '../../../contract/auth.js';
import { completeSubscriptionRequest, createSetupIntentRequest } from '../../../contract/billing.js';
import { ERROR_CODES } from '../../../contract/errors.js';
import { PROJECT_TITLE_MAX } from '../../../contract/limits.js';
import { createProjectRequest, processImageRequest } from '../../../contract/projects.js';
import { createTestApp, signUp, type TestApp } from '../support/test-app.js';

/**
 * Properties of the request validators in contract/, checked on the schemas and through the app:
 * what a validator accepts is within its limits and comes back unchanged; what it refuses is a 400
 * `{message, code}` from the app; and no JSON value at all makes any route answer 5xx.
 */
let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUp(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** zod measures strings in Unicode code points (an emoji is one character), as people count them. */
const chars = (s: string) => [...s].length;
/** Text that hits the edges: controls, NUL, bidi and zero-width marks, quotes, markup, astral characters. */
const hostileChar = fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u0007', '\u001b', '\u0085', 'a', 'Z', 'é', 'ß', '\u202e', '\u200b', '<', '>', "'", '"', ';', '-', '/', '\\', '%', '🏠', '文');
const text = (maxLength: number) => fc.oneof(fc.string({ maxLength }), fc.string({ unit: 'binary', maxLength }), fc.string({ unit: hostileChar, maxLength }));

let ip = 0;
const inject = (options: InjectOptions) => t.app.inject({ remoteAddress: `192.0.2.${(ip = (ip % 250) + 1)}`, ...options });

function expectRefusal(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  const body = response.json() as { message: string; code: string };
  expect(body.message.length).toBeGreaterThan(0);
  expect(ERROR_CODES).toContain(body.code);
}

describe('project title', () => {
  it('accepts exactly the trimmed texts of 1–120 characters without control characters', () => {
    fc.assert(
      fc.property(text(140), (title) => {
        const parsed = createProjectRequest.safeParse({ title });
        const trimmed = title.trim();
        const valid = chars(trimmed) >= 1 && chars(trimmed) <= PROJECT_TITLE_MAX && !CONTROL.test(trimmed);
        expect(parsed.success).toBe(valid);
        if (parsed.success) expect(parsed.data.title).toBe(trimmed);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips every accepted title through the app and PostgreSQL; refuses the rest with 400', async () => {
    await fc.assert(
      fc.asyncProperty(text(130), async (title) => {
        const created = await inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title } });
        if (!createProjectRequest.safeParse({ title }).success) return expectRefusal(created);
        expect(created.statusCode).toBe(201);
        const detail = await inject({ url: `/api/projects/${created.json().id}`, headers: { cookie } });
        expect(detail.json().title).toBe(title.trim());
      }),
      { numRuns: 60 },
    );
  });
});

describe('names, e-mail and staging texts', () => {
  it('a name is accepted iff it is at most 80 characters without control characters after trimming', () => {
    fc.assert(
      fc.property(text(100), (firstName) => {
        const trimmed = firstName.trim();
        expect(updateProfileRequest.safeParse({ firstName }).success).toBe(chars(trimmed) <= 80 && !CONTROL.test(trimmed));
      }),
      { numRuns: 1000 },
    );
  });

  it('an accepted e-mail is trimmed, lower-cased, at most 254 characters, and parsing it again changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), text(60), fc.emailAddress().map((e) => `  ${e.toUpperCase()} `)), (email) => {
        const parsed = loginRequest.safeParse({ email, password: 'x' });
        if (!parsed.success) return;
        expect(parsed.data.email).toBe(parsed.data.email.trim().toLowerCase());
        expect(chars(parsed.data.email)).toBeLessThanOrEqual(254);
        expect(loginRequest.parse(parsed.data)).toEqual(parsed.data);
      }),
      { numRuns: 1000 },
    );
  });

  it('style name and instructions: single line vs. multi-line, never NUL', () => {
    fc.assert(
      fc.property(text(90), text(90), (styleName, instructions) => {
        const parsed = processImageRequest.safeParse({ imageURL: '/objects/x', projectId: 'p', styleName, instructions });
        if (!parsed.success) return;
        expect(parsed.data.styleName.length).toBeGreaterThanOrEqual(1);
        expect(parsed.data.styleName).not.toMatch(CONTROL);
        expect(parsed.data.instructions).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 1000 },
    );
  });

  it('a password is 8–256 characters of anything', () => {
    fc.assert(
      fc.property(text(300), (password) => {
        expect(registerRequest.safeParse({ email: 'a@example.com', password }).success).toBe(chars(password) >= 8 && chars(password) <= 256);
      }),
      { numRuns: 500 },
    );
  });
});

describe('billing requests', () => {
  it('a setup intent id is accepted iff it is seti_ and 1–250 word characters', () => {
    fc.assert(
      fc.property(fc.oneof(text(30), fc.stringMatching(/^seti_[A-Za-z0-9_]{1,40}$/), fc.string().map((s) => `seti_${s}`)), (setupIntentId) => {
        expect(completeSubscriptionRequest.safeParse({ setupIntentId }).success).toBe(/^seti_[A-Za-z0-9_]{1,250}$/.test(setupIntentId));
      }),
      { numRuns: 1000 },
    );
  });

  it('only pro/business and monthly/yearly start a checkout', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom('pro', 'business', 'free', 'PRO', ''), text(10)), fc.oneof(fc.constantFrom('monthly', 'yearly', 'weekly'), text(10)), (planId, billingCycle) => {
        const ok = ['pro', 'business'].includes(planId) && ['monthly', 'yearly'].includes(billingCycle);
        expect(createSetupIntentRequest.safeParse({ planId, billingCycle }).success).toBe(ok);
      }),
    );
  });
});

describe('any JSON body on any JSON route', () => {
  const routes: Array<{ method: 'POST' | 'PUT'; url: string; signedIn: boolean }> = [
    { method: 'POST', url: '/api/auth/register', signedIn: false },
    { method: 'POST', url: '/api/auth/login', signedIn: false },
    { method: 'PUT', url: '/api/auth/profile', signedIn: true },
    { method: 'POST', url: '/api/objects/upload', signedIn: true },
    { method: 'POST', url: '/api/projects', signedIn: true },
    { method: 'POST', url: '/api/process-image', signedIn: true },
    { method: 'POST', url: '/api/create-setup-intent', signedIn: true },
    { method: 'POST', url: '/api/complete-subscription', signedIn: true },
    { method: 'POST', url: '/api/analytics/events', signedIn: false },
  ];

  it('gets a 2xx or a clear 4xx (never a 5xx but billing’s 503 when it is off); every refusal is {message, code} JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('title', 'email', 'password', 'firstName', 'imageURL', 'projectId', 'styleName', 'planId', 'setupIntentId', 'event', 'path'), fc.jsonValue())), async (route, body) => {
        const response = await inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': 'application/json', ...(route.signedIn ? { cookie } : {}) },
          payload: JSON.stringify(body),
        });
        const detail = `${route.url} ${JSON.stringify(body)} → ${response.body}`;
        // Billing is off in this app: a valid checkout request is the documented 503.
        if (response.statusCode === 503) expect(response.json().code, detail).toBe('billing_not_configured');
        else expect(response.statusCode, detail).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const answer = response.json() as { message?: string; error?: string; code: string };
          expect(answer.message ?? answer.error).toBeTruthy();
          expect(ERROR_CODES).toContain(answer.code);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
