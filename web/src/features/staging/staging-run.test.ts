import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockFetch, pngFile, testProject, type MockRequest } from '@/test/fetch-mock';
import { uploadRetry } from './api/upload-image';
import { runPool } from './run-pool';
import { failureText } from './staging-messages';
import type { StagingProgress } from './staging-progress';
import {
  runStaging,
  StageTimeoutError,
  StagingError,
  withStageTimeout,
  type StagingFailure,
} from './staging-run';

afterEach(() => vi.unstubAllGlobals());

const PROJECT_ID = '11111111-1111-4111-8111-111111111111';
let uploads = 0;

/** The server of spec §7 for a run: project, upload URLs, PUTs, staging, project detail. */
function stagingServer(
  processImage: (request: MockRequest) => Response | Promise<Response>,
  options: { put?: (request: MockRequest) => Response } = {},
) {
  uploads = 0;
  return mockFetch([
    ['POST', '/api/projects', () => jsonResponse({ id: PROJECT_ID }, 201)],
    [
      'POST',
      '/api/objects/upload',
      () =>
        jsonResponse({
          uploadURL: `/upload/${++uploads}`,
          objectPath: `/objects/uploads/${uploads}`,
        }),
    ],
    ['PUT', /^\/upload\//, options.put ?? (() => jsonResponse({ objectPath: 'x' }))],
    ['POST', '/api/process-image', processImage],
    [
      'GET',
      `/api/projects/${PROJECT_ID}`,
      () => jsonResponse(testProject({ id: PROJECT_ID })),
    ],
  ]);
}

const request = (n: number, concurrency = 3) => ({
  title: '  Flat 3  ',
  files: Array.from({ length: n }, (_, i) => pngFile(`room-${i + 1}.png`, 1600, 1200)),
  styleName: 'Modern Staging',
  styleDescription: 'Professional virtual staging with modern furniture and decor.',
  concurrency,
});

const staged = (body: unknown) => {
  const imageURL = (body as { imageURL: string }).imageURL;
  return jsonResponse({
    success: true,
    processedImagePath: imageURL.replace('/objects/uploads/', '/users/u/projects/p/'),
    imageId: imageURL,
  });
};

async function failureOf(promise: Promise<unknown>): Promise<StagingFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StagingError);
  return (error as StagingError).failure;
}

const t = ((key: string, options?: Record<string, unknown>) =>
  `${key}${options ? JSON.stringify(options) : ''}`) as never;

describe('runStaging', () => {
  it('reports the progress of spec §4 from real events: 10% preparing, uploads to 30%, finished images to 95%, then 100%', async () => {
    const { calls } = stagingServer(({ body }) => staged(body));
    const seen: StagingProgress[] = [];
    const outcome = await runStaging(request(2), (p) => seen.push(p));

    // Byte reports of the uploads repeat a percentage; each step of the bar is counted once.
    const steps = seen.map((p) => [p.stage, p.percent]).filter((step, i, all) => i === 0 || String(step) !== String(all[i - 1]));
    expect(steps).toEqual([
      ['choosingStyle', 0],
      ['preparing', 10],
      ['preparing', 20],
      ['preparing', 30],
      ['styleSelected', 30],
      ['staging', 30],
      ['staging', 63],
      ['staging', 95],
      ['finalizing', 95],
      ['done', 100],
    ]);
    expect(outcome.projectId).toBe(PROJECT_ID);
    expect(outcome.images.map((i) => i.index)).toEqual([0, 1]);
    // The calls and payloads of spec §7.
    expect(calls.find((c) => c.url === '/api/projects')?.body).toEqual({
      title: 'Flat 3',
      category: 'virtual_staging',
    });
    // Each photo declares its size and type: the quota counts what it is, not the maximum (issue 39).
    expect(calls.filter((c) => c.url === '/api/objects/upload').map((c) => c.body)).toEqual([
      { projectName: 'Flat 3', size: 33, contentType: 'image/png' },
      { projectName: 'Flat 3', size: 33, contentType: 'image/png' },
    ]);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect((put.init?.headers as Record<string, string>)['Content-Type']).toBe('image/png');
    expect(put.body).toBeInstanceOf(File);
    expect(calls.find((c) => c.url === '/api/process-image')?.body).toEqual({
      imageURL: '/objects/uploads/1',
      category: 'virtual_staging',
      projectId: PROJECT_ID,
      styleName: 'Modern Staging',
      styleDescription: 'Professional virtual staging with modern furniture and decor.',
      isRegeneration: false,
    });
  });

  it('tries an upload again after a dropped connection or a 503, shows it is retrying and the bytes sent, and stages the photo (issue 39)', async () => {
    const delays = uploadRetry.delaysMs;
    uploadRetry.delaysMs = [0, 0, 0, 0];
    let puts = 0;
    const { calls } = stagingServer(({ body }) => staged(body), {
      put: () => {
        puts += 1;
        if (puts === 1) throw new TypeError('Failed to fetch'); // the connection drops
        if (puts === 2) return jsonResponse({ message: 'Try again.', code: 'service_unavailable' }, 503);
        return jsonResponse({});
      },
    });
    const seen: StagingProgress[] = [];
    const outcome = await runStaging(request(1), (p) => seen.push(p)).finally(() => (uploadRetry.delaysMs = delays));
    expect(outcome.images.map((i) => i.index)).toEqual([0]);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/upload/1', '/upload/1', '/upload/1']);
    const uploads = seen.flatMap((p) => (p.upload ? [p.upload] : []));
    expect(uploads.filter((u) => u.retrying)).toHaveLength(2);
    expect(uploads.at(-1)).toEqual({ sent: 33, size: 33, retrying: false });
  });

  it('gives up on an upload after four retries, and does not retry a refused file', async () => {
    const delays = uploadRetry.delaysMs;
    uploadRetry.delaysMs = [0, 0, 0, 0];
    const { calls } = stagingServer(({ body }) => staged(body), {
      put: ({ url }) =>
        url === '/upload/1'
          ? jsonResponse({ message: 'Unavailable.', code: 'service_unavailable' }, 503)
          : jsonResponse({ message: 'Damaged.', code: 'heic_unreadable' }, 422),
    });
    const failure = await failureOf(runStaging(request(2, 1), () => {}).finally(() => (uploadRetry.delaysMs = delays)));
    expect(failure).toEqual({ kind: 'upload', imageNumber: 1, code: 'service_unavailable' });
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([...Array(5).fill('/upload/1'), '/upload/2']);
  });

  it('asks for a new upload link when the server says the old one was used (the drop came after it had the file)', async () => {
    const delays = uploadRetry.delaysMs;
    uploadRetry.delaysMs = [0, 0, 0, 0];
    const { calls } = stagingServer(({ body }) => staged(body), {
      put: ({ url }) =>
        url === '/upload/1'
          ? jsonResponse({ message: 'This upload link was already used.', code: 'upload_url_invalid' }, 403)
          : jsonResponse({}),
    });
    const outcome = await runStaging(request(1), () => {}).finally(() => (uploadRetry.delaysMs = delays));
    expect(outcome.images).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual(['/upload/1', '/upload/2']);
  });

  it('stops with "Failed to upload file" when every PUT fails, stages nothing and creates no project', async () => {
    const { calls } = stagingServer(({ body }) => staged(body), {
      put: () => new Response('denied', { status: 403 }),
    });
    const failure = await failureOf(runStaging(request(2), () => {}));
    expect(failure.kind).toBe('upload');
    expect(failureText(t, 'en', failure).title).toBe('errors.upload.title');
    expect(calls.some((c) => c.url === '/api/process-image')).toBe(false);
    expect(calls.some((c) => c.url === '/api/projects')).toBe(false);
  });

  it('stages the photos that uploaded when another is refused (422), and names the refused one (issue #23)', async () => {
    const { calls } = stagingServer(({ body }) => staged(body), {
      put: ({ url }) =>
        url === '/upload/1'
          ? jsonResponse(
              { message: 'This file could not be read as an image.', code: 'unprocessable_image' },
              422,
            )
          : jsonResponse({}),
    });
    const outcome = await runStaging(request(2, 1), () => {});
    expect(outcome.images.map((i) => i.index)).toEqual([1]);
    expect(outcome.failed.map((f) => [f.index, f.objectPath, f.failure])).toEqual([
      [0, '', { kind: 'upload', imageNumber: 1, code: 'unprocessable_image' }],
    ]);
    expect(
      calls
        .filter((c) => c.url === '/api/process-image')
        .map((c) => (c.body as { imageURL: string }).imageURL),
    ).toEqual(['/objects/uploads/2']);
    expect(calls.filter((c) => c.url === '/api/projects')).toHaveLength(1);
    expect(failureText(t, 'en', outcome.failed[0]!.failure).description).toBe(
      'errors.upload.refused{"n":1,"reason":"serverErrors.unprocessable_image{\\"maxMb\\":30}"}',
    );
  });

  it('never stages more than 3 images at once and counts finished images', async () => {
    const pending: Array<() => void> = [];
    let inFlight = 0;
    let maxInFlight = 0;
    stagingServer(({ body }) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const reply = deferred<Response>();
      pending.push(() => {
        inFlight--;
        reply.resolve(staged(body));
      });
      return reply.promise;
    });
    const seen: StagingProgress[] = [];
    const run = runStaging(request(6), (p) => seen.push(p));
    for (let released = 0; released < 6; released++) {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(released));
      pending[released]!();
    }
    await run;
    expect(maxInFlight).toBe(3);
    expect(seen.filter((p) => p.stage === 'staging').map((p) => p.done)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
  });

  it('uses a lower concurrency when asked (the server config)', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    stagingServer(async ({ body }) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return staged(body);
    });
    await runStaging(request(5, 2), () => {});
    expect(maxInFlight).toBe(2);
  });

  it('keeps staging the other images when one fails (a partial run), then retries only the failed one in the same project', async () => {
    const { calls } = stagingServer(({ body }) => {
      const imageURL = (body as { imageURL: string }).imageURL;
      if (imageURL.endsWith('/2'))
        return jsonResponse(
          { success: false, error: 'Engine exploded', code: 'staging_failed' },
          502,
        );
      return staged(body);
    });
    const outcome = await runStaging(request(4), () => {});
    expect(outcome.images.map((i) => i.index)).toEqual([0, 2, 3]);
    expect(outcome.failed).toHaveLength(1);
    expect(outcome.failed[0]).toMatchObject({
      index: 1,
      objectPath: '/objects/uploads/2',
      failure: { kind: 'image', imageNumber: 2, reason: 'Engine exploded' },
    });
    expect(calls.filter((c) => c.url === '/api/process-image')).toHaveLength(4);

    const retry = stagingServer(({ body }) => staged(body));
    const again = await runStaging(request(4), () => {}, undefined, {
      projectId: outcome.projectId,
      objectPaths: outcome.objectPaths,
      only: outcome.failed.map((f) => f.index),
      staged: outcome.images,
    });
    // Only the failed photo is sent again, into the same project; nothing is created or uploaded.
    expect(
      retry.calls.filter((c) => c.url === '/api/process-image').map((c) => c.body),
    ).toMatchObject([{ imageURL: '/objects/uploads/2', projectId: PROJECT_ID }]);
    expect(
      retry.calls.filter((c) => c.url === '/api/projects' || c.url === '/api/objects/upload'),
    ).toEqual([]);
    expect(again.images.map((i) => i.index)).toEqual([0, 1, 2, 3]);
    expect(again.failed).toEqual([]);
  });

  it('asks for an async run and follows its events: the real stages move the bar, `done` delivers, a cut stream resumes with Last-Event-ID', async () => {
    const runId = '22222222-2222-4222-8222-222222222222';
    const eventsUrl = `/api/staging-runs/${runId}/events`;
    let connection = 0;
    const lastIds: (string | null)[] = [];
    const { calls } = mockFetch([
      ['POST', '/api/projects', () => jsonResponse({ id: PROJECT_ID }, 201)],
      [
        'POST',
        '/api/objects/upload',
        () => jsonResponse({ uploadURL: '/upload/1', objectPath: '/objects/uploads/1' }),
      ],
      ['PUT', /^\/upload\//, () => jsonResponse({})],
      [
        'POST',
        '/api/process-image',
        () => jsonResponse({ runId, status: 'queued', eventsUrl }, 202),
      ],
      [
        'GET',
        eventsUrl,
        ({ init }) => {
          lastIds.push(new Headers(init?.headers).get('Last-Event-ID'));
          connection += 1;
          const text =
            connection === 1
              ? 'retry: 1000\n\nid: queued\nevent: queued\ndata: {"runId":"x"}\n\nid: stage-generating\nevent: stage\ndata: {"stage":"generating"}\n\n'
              : 'id: stage-locking\nevent: stage\ndata: {"stage":"locking"}\n\n: keep-alive\n\nid: done\nevent: done\ndata: {"success":true,"processedImagePath":"/users/u/projects/p/a.jpg","imageId":"img-1"}\n\n';
          return new Response(text, {
            status: 200,
            headers: { 'Content-Type': 'text/event-stream' },
          });
        },
      ],
      [
        'GET',
        `/api/projects/${PROJECT_ID}`,
        () => jsonResponse(testProject({ id: PROJECT_ID })),
      ],
    ]);
    const seen: StagingProgress[] = [];
    const outcome = await runStaging(request(1), (p) => seen.push(p));
    const post = calls.find((c) => c.url === '/api/process-image')!;
    expect(new Headers(post.init?.headers).get('Prefer')).toBe('respond-async');
    expect(lastIds).toEqual([null, 'stage-generating']);
    expect(outcome.images[0]).toMatchObject({
      processedImagePath: '/users/u/projects/p/a.jpg',
      imageId: 'img-1',
    });
    const staging = seen.filter((p) => p.stage === 'staging');
    // The cut stream is reported as a lost connection until the reconnect answers (issue 35).
    expect(staging.map((p) => [p.activity?.step, p.connectionLost])).toEqual([
      [undefined, false],
      ['queued', false],
      ['generating', false],
      [undefined, true],
      [undefined, false],
      ['locking', false],
      [undefined, false],
    ]);
    const percents = staging.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-2)).toBeGreaterThan(percents[0]!);
    // The image shows its result in the dialog as soon as its run is done.
    expect(staging.at(-1)!.images).toEqual([{ imageNumber: 1, step: 'staged', stagedPath: '/users/u/projects/p/a.jpg' }]);
  });

  it('waits as a 429 too_many_streams asks (Retry-After) and follows the run again: the run goes on meanwhile (decision 032)', async () => {
    const runId = '33333333-3333-4333-8333-333333333333';
    const eventsUrl = `/api/staging-runs/${runId}/events`;
    let connection = 0;
    mockFetch([
      ['POST', '/api/projects', () => jsonResponse({ id: PROJECT_ID }, 201)],
      ['POST', '/api/objects/upload', () => jsonResponse({ uploadURL: '/upload/1', objectPath: '/objects/uploads/1' })],
      ['PUT', /^\/upload\//, () => jsonResponse({})],
      ['POST', '/api/process-image', () => jsonResponse({ runId, status: 'queued', eventsUrl }, 202)],
      [
        'GET',
        eventsUrl,
        () => {
          connection += 1;
          if (connection === 1) {
            const refused = jsonResponse({ message: 'Too many open progress streams.', code: 'too_many_streams' }, 429);
            refused.headers.set('Retry-After', '1');
            return refused;
          }
          return new Response('id: done\nevent: done\ndata: {"success":true,"processedImagePath":"/users/u/projects/p/b.jpg","imageId":"img-2"}\n\n', {
            status: 200,
            headers: { 'Content-Type': 'text/event-stream' },
          });
        },
      ],
      ['GET', `/api/projects/${PROJECT_ID}`, () => jsonResponse(testProject({ id: PROJECT_ID }))],
    ]);
    const outcome = await runStaging(request(1), () => {});
    expect(connection).toBe(2);
    expect(outcome.images[0]).toMatchObject({ processedImagePath: '/users/u/projects/p/b.jpg', imageId: 'img-2' });
  });

  it('ends the run as logged out on a 401 (the session expired mid-run)', async () => {
    stagingServer(() => jsonResponse({ message: 'Unauthorized', code: 'unauthorized' }, 401));
    const failure = await failureOf(runStaging(request(2), () => {}));
    expect(failure.kind).toBe('loggedOut');
    expect(failureText(t, 'en', failure).description).toBe('errors.loggedOut.text');
  });

  it('reports image N with the server error of a non-OK reply, and "No processed image path returned"', async () => {
    stagingServer(() =>
      jsonResponse(
        { success: false, error: 'Staging took too long', code: 'staging_timeout' },
        504,
      ),
    );
    const timeout = await failureOf(runStaging(request(1), () => {}));
    expect(timeout).toMatchObject({
      kind: 'image',
      imageNumber: 1,
      reason: 'Staging took too long',
      code: 'staging_timeout',
    });

    stagingServer(() => jsonResponse({ success: true, processedImagePath: '' }));
    const noPath = await failureOf(runStaging(request(1), () => {}));
    expect(noPath).toMatchObject({ kind: 'image', imageNumber: 1, reason: null });
    expect(failureText(t, 'en', noPath).description).toContain('errors.noProcessedPath');
  });

  it('says the AI changed the room on 422 structure_changed and tries again in the same project with the same uploads', async () => {
    stagingServer(() =>
      jsonResponse(
        { success: false, error: 'The AI changed the room itself', code: 'structure_changed' },
        422,
      ),
    );
    const failure = await failureOf(runStaging(request(2), () => {}));
    const text = failureText(t, 'de', failure);
    expect(text).toMatchObject({
      title: 'errors.structureChanged.title',
      retry: true,
      upgrade: false,
    });
    expect(text.description).toContain('errors.structureChanged.text');
    expect(failure).toMatchObject({
      kind: 'image',
      code: 'structure_changed',
      resume: { projectId: PROJECT_ID, objectPaths: ['/objects/uploads/1', '/objects/uploads/2'] },
    });

    const { calls } = stagingServer(({ body }) => staged(body));
    const resume = failure.kind === 'image' ? failure.resume : undefined;
    const outcome = await runStaging(request(2), () => {}, undefined, resume);
    expect(outcome.projectId).toBe(PROJECT_ID);
    // Nothing created or uploaded again: the same photos are staged in the same project.
    expect(
      calls.filter((c) => c.url === '/api/projects' || c.url === '/api/objects/upload'),
    ).toEqual([]);
    expect(
      calls
        .filter((c) => c.url === '/api/process-image')
        .map((c) => (c.body as { imageURL: string }).imageURL),
    ).toEqual(['/objects/uploads/1', '/objects/uploads/2']);
  });

  it('maps 402 insufficient_credits to the credits problem (with Upgrade)', async () => {
    stagingServer(() =>
      jsonResponse({ success: false, error: 'No credits', code: 'insufficient_credits' }, 402),
    );
    const failure = await failureOf(runStaging(request(1), () => {}));
    expect(failure.kind).toBe('insufficientCredits');
    expect(failureText(t, 'en', failure).upgrade).toBe(true);
  });

  it('fails with "Failed to create project" when the project cannot be created', async () => {
    mockFetch([
      [
        'POST',
        '/api/objects/upload',
        () => jsonResponse({ uploadURL: '/upload/1', objectPath: '/objects/uploads/1' }),
      ],
      ['PUT', /^\/upload\//, () => jsonResponse({})],
      [
        'POST',
        '/api/projects',
        () => jsonResponse({ message: 'nope', code: 'internal_error' }, 500),
      ],
    ]);
    const failure = await failureOf(runStaging(request(1), () => {}));
    expect(failure.kind).toBe('createProject');
  });
});

describe('withStageTimeout', () => {
  it('gives up on a stage that does not finish within its limit, with the stage named', async () => {
    let abortedWith: unknown = null;
    const never = (signal: AbortSignal) =>
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject((abortedWith = signal.reason))),
      );
    const error = await withStageTimeout('upload', never, undefined, 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StageTimeoutError);
    expect((error as StageTimeoutError).stage).toBe('upload');
    expect(abortedWith).toBeInstanceOf(StageTimeoutError);
    expect(failureText(t, 'en', { kind: 'timeout', stage: 'upload', imageNumber: 2 })).toEqual({
      title: 'errors.timeout.title',
      description: 'errors.timeout.upload{"n":2}',
      upgrade: false,
    });
  });

  it('passes a result through that arrives in time', async () => {
    await expect(
      withStageTimeout('createProject', async () => 'ok', undefined, 1000),
    ).resolves.toBe('ok');
  });
});

describe('runPool', () => {
  it('keeps the order of results and rejects on the first failure', async () => {
    await expect(runPool([3, 1, 2], 2, async (n) => n * 10)).resolves.toEqual([30, 10, 20]);
    const started: number[] = [];
    await expect(
      runPool([1, 2, 3, 4], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error('boom');
        return n;
      }),
    ).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });
});

describe('rooms and variations (decision 025)', () => {
  it("sends room type, room group and variations, and stages each room's first photo before the rest of that room", async () => {
    const started: Array<{
      imageURL: string;
      roomType?: string;
      roomGroup?: string;
      variations?: number;
    }> = [];
    const first = deferred<void>();
    let pending = 0;
    stagingServer(async ({ body }) => {
      started.push(body as (typeof started)[number]);
      // The first wave (two rooms' first photos) is answered only once both have started.
      if (++pending === 2) first.resolve();
      await first.promise;
      return staged(body);
    });
    const rooms = [
      { roomType: 'bedroom', roomGroup: 'bedroom-1' },
      { roomType: 'bedroom', roomGroup: 'bedroom-1' },
      { roomType: 'kitchen', roomGroup: 'kitchen-1' },
    ] as const;
    const outcome = await runStaging({ ...request(3), rooms: [...rooms], variations: 2 }, () => {});
    expect(started.map((s) => s.imageURL)).toEqual([
      '/objects/uploads/1',
      '/objects/uploads/3',
      '/objects/uploads/2',
    ]);
    expect(started.map((s) => [s.roomType, s.roomGroup, s.variations])).toEqual([
      ['bedroom', 'bedroom-1', 2],
      ['kitchen', 'kitchen-1', 2],
      ['bedroom', 'bedroom-1', 2],
    ]);
    // Results keep the photos' order.
    expect(outcome.images.map((i) => i.index)).toEqual([0, 1, 2]);
  });
});
