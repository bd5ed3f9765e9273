/**
 * `npm run bench -- api-journey`: the public API end to end (issue #25), through HTTP only, as a
 * customer's system would use it. The app runs as `npm start` runs it (server/src/main.ts with
 * in-process workers) on a fresh embedded PostgreSQL, staging with STAGING_ENGINE=openai against the
 * local OpenAI Images fake; a webhook receiver (verifying every Standard Webhooks signature, and
 * answering 500 to each delivery's first attempt) stands for the customer.
 *   1. a Business account and a key (Settings → API, the only step with a session);
 *   2. three photos uploaded (multipart) and rendered with a callback URL, each with an Idempotency-Key
 *      and sent twice;
 *   3. the signed render.completed webhooks received (after a retry), every result downloaded;
 *   4. figures: wall time of the three renders (first request → last webhook) against the fake's
 *      own latency, the credits charged (target: exactly 3), and the engine cost per delivered image
 *      from the recorded calls (issue 38: every call, refused ones and strict retries included).
 */
import pg from 'pg';
import sharp from 'sharp';
import { renderSampleRoom } from '../server/src/staging/engines/sample-room.js';
import { FakeOpenAI } from '../server/test/fakes/providers/fake-openai.js';
import { WebhookReceiver } from '../server/test/support/webhook-receiver.js';
import { note, printLoad, report, signUp, startDatabase, startServer } from './lib/harness.js';

export default async function runApiJourney(): Promise<void> {
  printLoad();
  const db = await startDatabase();
  const fake = await new FakeOpenAI().start();
  const receiver = await new WebhookReceiver().start();
  const server = await startServer('server/src/main.ts', {
    DATABASE_URL: db.url,
    STAGING_ENGINE: 'openai',
    OPENAI_API_KEY: fake.apiKey,
    OPENAI_BASE_URL: fake.baseURL,
    API_OUTBOUND_ALLOW: `127.0.0.1:${receiver.port}`,
    WEBHOOK_RETRY_DELAY_S: '1',
    WEBHOOK_RETRY_DELAY_MAX_S: '2',
    LOG_LEVEL: 'warn',
  });
  const base = server.baseUrl;
  try {
    const { cookie, userId } = await signUp(base);
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`UPDATE users SET email_verified_at = now(), subscription_plan = 'business', credits_limit = 1000 WHERE id = $1`, [userId]);
    await sql.end();
    const created = await fetch(`${base}/api/settings/api/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: base },
      body: JSON.stringify({ name: 'journey', scopes: ['stage', 'read'] }),
    });
    const { key, signingSecret } = (await created.json()) as { key: string; signingSecret: string };
    receiver.secrets.set('key', signingSecret);
    const auth = { authorization: `Bearer ${key}` };

    const started = performance.now();
    const renderIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await renderSampleRoom(i + 1, 1600, 1200))], { type: 'image/jpeg' }), `room-${i + 1}.jpg`);
      const photo = await expectJson<{ id: string }>(await fetch(`${base}/api/v1/photos`, { method: 'POST', headers: { ...auth, 'idempotency-key': `photo-${i}` }, body: form }), 201);
      const body = JSON.stringify({ photoId: photo.id, style: 'scandinavian', roomType: 'living_room', listing: 'Journey', callbackUrl: `${receiver.origin}/hook` });
      const headers = { ...auth, 'content-type': 'application/json', 'idempotency-key': `render-${i}` };
      const render = await expectJson<{ id: string }>(await fetch(`${base}/api/v1/renders`, { method: 'POST', headers, body }), 202);
      const again = await expectJson<{ id: string }>(await fetch(`${base}/api/v1/renders`, { method: 'POST', headers, body }), 202);
      if (again.id !== render.id) throw new Error('the retried render creation made a second render');
      renderIds.push(render.id);
    }
    const events = await Promise.all(renderIds.map((id) => receiver.waitFor((e) => e.body.data.id === id)));
    const wallMs = performance.now() - started;
    let downloaded = 0;
    for (const event of events) {
      if (event.type !== 'render.completed') throw new Error(`render ${event.body.data.id}: ${event.type} ${JSON.stringify(event.body.data.error)}`);
      for (const result of event.body.data.results as Array<{ downloadUrl: string }>) {
        const image = await fetch(`${base}${result.downloadUrl}`, { headers: auth });
        const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
        if (image.status !== 200 || !meta.width) throw new Error(`download ${result.downloadUrl}: ${image.status}`);
        downloaded += 1;
      }
    }
    const account = await expectJson<{ credits: { used: number } }>(await fetch(`${base}/api/v1/account`, { headers: auth }), 200);
    const costs = await costPerDelivered(db.url);
    note(`webhook attempts per delivery: ${events.map((e) => e.attempt).join(', ')} (the receiver answers 500 first); results downloaded: ${downloaded}`);
    report({
      figure: 'credits charged for 3 renders sent twice each',
      value: String(account.credits.used),
      comparison: 'renders',
      comparisonValue: '3',
      ratio: account.credits.used / 3,
      target: 'exactly 3',
      pass: account.credits.used === 3 && downloaded === 3,
    });
    report({
      figure: 'wall time, first upload → last signed webhook (3 photos)',
      value: `${(wallMs / 1000).toFixed(1)} s`,
      comparison: 'fake edit calls answered',
      comparisonValue: String(fake.edits.length),
      ratio: null,
      target: 'all three delivered',
      pass: events.length === 3,
    });
    report({
      figure: 'engine cost per delivered image (recorded calls, gpt-image-1.5 at its list price $0.200)',
      value: costs.perDeliveredUsd === null ? '–' : `$${costs.perDeliveredUsd.toFixed(3)}`,
      comparison: 'calls recorded / fake edit calls answered',
      comparisonValue: `${costs.calls} / ${fake.edits.length}`,
      ratio: costs.perDeliveredUsd === null ? null : costs.perDeliveredUsd / 0.2,
      target: '≥ $0.200 (more when the lock refused a result), every call recorded',
      pass: costs.calls === fake.edits.length && costs.delivered === 3 && costs.perDeliveredMicros >= 200_000,
    });
  } finally {
    await server.stop();
    await receiver.close();
    await fake.close();
    await db.stop();
  }
}

/** Issue 38: what the recorded engine calls cost, divided by the images delivered. */
async function costPerDelivered(url: string): Promise<{ calls: number; delivered: number; perDeliveredMicros: number; perDeliveredUsd: number | null }> {
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    const { rows } = await sql.query<{ calls: number; delivered: number; cost: string }>(
      `SELECT count(*)::int AS calls, count(*) FILTER (WHERE outcome = 'delivered')::int AS delivered, coalesce(sum(cost_micros), 0)::text AS cost FROM engine_calls`,
    );
    const { calls, delivered, cost } = rows[0]!;
    const perDeliveredMicros = delivered ? Number(cost) / delivered : 0;
    return { calls, delivered, perDeliveredMicros, perDeliveredUsd: delivered ? perDeliveredMicros / 1_000_000 : null };
  } finally {
    await sql.end();
  }
}

async function expectJson<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}
