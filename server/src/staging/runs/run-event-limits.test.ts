import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stagingRuns } from '../../db/schema/projects.js';
import { createProject } from '../../../test/support/staging-fixtures.js';
import { createTestApp, signUp, type TestApp } from '../../../test/support/test-app.js';
import { refundRun } from '../credits.js';
import { markStage } from './run-stage.js';

/**
 * Issue #22 item 4 (decision 032): one account opened thousands of event streams for one queued run,
 * each polling the database every second. Streams are capped per run and per user, and a stream
 * reads its run when the run listener's notification wakes it: here the safety re-read is an hour,
 * so every event after the first can only have come through a notification.
 */
const PER_RUN = 3;
const PER_USER = 5;
let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RUN_STREAMS_PER_RUN: String(PER_RUN), RUN_STREAMS_PER_USER: String(PER_USER), RUN_STREAM_RECHECK_S: '3600' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
});

/** A queued run (no job: nothing but this test moves it on). */
async function queuedRun(userId: string, projectId: string): Promise<string> {
  const [run] = await t.database.db.insert(stagingRuns).values({ userId, projectId }).returning({ id: stagingRuns.id });
  return run!.id;
}

interface OpenStream {
  status: number;
  headers: Headers;
  body: unknown;
  /** Reads until the next event arrives; returns its id (`queued`, `position-2`, `stage-locking`, `failed`). */
  nextEvent(): Promise<string>;
  close(): void;
}

async function openStream(cookie: string, runId: string): Promise<OpenStream> {
  const aborter = new AbortController();
  const res = await fetch(`${baseUrl}/api/staging-runs/${runId}/events`, { headers: { cookie, accept: 'text/event-stream' }, signal: aborter.signal });
  const body = res.status === 200 ? null : await res.json();
  const reader = res.status === 200 ? res.body!.pipeThrough(new TextDecoderStream()).getReader() : null;
  let buffer = '';
  return {
    status: res.status,
    headers: res.headers,
    body,
    async nextEvent() {
      for (;;) {
        const cut = buffer.indexOf('\n\n');
        if (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: (.*)$/m.exec(block)?.[1];
          if (id) return id;
        }
        const { value, done } = await reader!.read();
        if (done) throw new Error('stream ended');
        buffer += value;
      }
    },
    close: () => aborter.abort(),
  };
}

/** The place freed by a closed stream is given back when the server sees the close: retry until then. */
async function openOnceFreed(cookie: string, runId: string): Promise<OpenStream> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const stream = await openStream(cookie, runId);
    if (stream.status !== 429) return stream;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the closed stream never gave its place back');
}

describe('run event streams are capped', () => {
  it(`opens ${PER_RUN} streams of one run, answers the next 429 too_many_streams with Retry-After, and a closed stream frees its place`, async () => {
    const { cookie, user } = await signUp(t.app);
    const runId = await queuedRun(user.id, await createProject(t.app, cookie));
    const streams = [];
    for (let i = 0; i < PER_RUN; i++) streams.push(await openStream(cookie, runId));
    expect(streams.map((s) => s.status)).toEqual(Array(PER_RUN).fill(200));
    for (const s of streams) expect(await s.nextEvent()).toBe('queued');

    const refused = await openStream(cookie, runId);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.body).toEqual({ message: expect.stringMatching(/progress streams/), code: 'too_many_streams' });

    // Another user's stream of their own run is not affected.
    const other = await signUp(t.app);
    const theirs = await openStream(other.cookie, await queuedRun(other.user.id, await createProject(t.app, other.cookie)));
    expect(theirs.status).toBe(200);
    theirs.close();

    streams.pop()!.close();
    const again = await openOnceFreed(cookie, runId);
    expect(again.status).toBe(200);
    expect(await again.nextEvent()).toBe('queued');
    for (const s of [...streams, again]) s.close();
  });

  it(`caps one user at ${PER_USER} streams over all their runs`, async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const runs = [await queuedRun(user.id, projectId), await queuedRun(user.id, projectId)];
    const streams = [];
    for (let i = 0; i < PER_USER; i++) streams.push(await openStream(cookie, runs[i < PER_RUN ? 0 : 1]!));
    expect(streams.map((s) => s.status)).toEqual(Array(PER_USER).fill(200));
    // The second run has PER_USER - PER_RUN streams, below its own cap: the user's cap refuses.
    expect(PER_USER - PER_RUN).toBeLessThan(PER_RUN);
    const refused = await openStream(cookie, runs[1]!);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'too_many_streams' });

    streams.shift()!.close();
    expect((await openOnceFreed(cookie, runs[1]!)).status).toBe(200);
    for (const s of streams) s.close();
  });
});

describe('run event streams are woken by notifications', () => {
  it('delivers each stage and the end in order with the safety re-read an hour away', async () => {
    const { cookie, user } = await signUp(t.app);
    const runId = await queuedRun(user.id, await createProject(t.app, cookie));
    const stream = await openStream(cookie, runId);
    expect(stream.status).toBe(200);
    expect(await stream.nextEvent()).toBe('queued');
    expect(await stream.nextEvent()).toMatch(/^position-\d+$/);

    // Idle, the stream asks the database nothing (it polled once a second before decision 032):
    // no connection is taken from the pool (no jobs run here; the listener holds its own client).
    let queries = 0;
    const count = () => (queries += 1);
    t.database.pool.on('acquire', count);
    await new Promise((r) => setTimeout(r, 2500));
    t.database.pool.off('acquire', count);
    expect(queries).toBe(0);

    // Each step is sent only after the stream has shown the one before: nothing here polls.
    await markStage(t.database.db, runId, 'generating');
    expect(await stream.nextEvent()).toBe('stage-generating');
    await markStage(t.database.db, runId, 'locking');
    expect(await stream.nextEvent()).toBe('stage-locking');
    await markStage(t.database.db, runId, 'finishing');
    expect(await stream.nextEvent()).toBe('stage-finishing');
    expect(await refundRun(t.database.db, runId, 'Failed on purpose.', 'staging_failed')).toBe(true);
    expect(await stream.nextEvent()).toBe('failed');
    stream.close();
  });

  it("moves a queued stream's place when another run starts, through that run's notification", async () => {
    const { cookie, user } = await signUp(t.app);
    const projectId = await createProject(t.app, cookie);
    const ahead = await queuedRun(user.id, projectId);
    const behind = await queuedRun(user.id, projectId);
    const stream = await openStream(cookie, behind);
    expect(await stream.nextEvent()).toBe('queued');
    // Earlier tests leave queued runs too: whatever the place, the run ahead starting takes one off it.
    const place = Number((await stream.nextEvent()).replace('position-', ''));
    expect(place).toBeGreaterThanOrEqual(2);
    await markStage(t.database.db, ahead, 'generating');
    expect(await stream.nextEvent()).toBe(`position-${place - 1}`);
    stream.close();
  });
});
