import { z } from 'zod';
import { PROJECT_STATUSES } from './projects.js';

/**
 * Asynchronous staging runs (DESIGN §5, decision 022): `POST /api/process-image` with
 * `Prefer: respond-async` answers 202 with the run, and `GET /api/staging-runs/:id/events` follows
 * it as Server-Sent Events until `done` or `failed`.
 */

/** The pipeline's real steps, in order (`retrying`: the geometry lock refused once; a stricter attempt runs). */
export const RUN_STAGES = ['generating', 'locking', 'retrying', 'finishing'] as const;
export type RunStage = (typeof RUN_STAGES)[number];

export const processImageAcceptedResponse = z.object({
  runId: z.string(),
  status: z.literal('queued'),
  /** Where to follow the run (text/event-stream). */
  eventsUrl: z.string(),
});
export type ProcessImageAcceptedResponse = z.infer<typeof processImageAcceptedResponse>;

/** `data` of each event, by event name. `done` carries what the synchronous call answers. */
export const runEventData = {
  queued: z.object({ runId: z.string() }),
  /** 1 = next to start. */
  position: z.object({ position: z.number().int().min(1) }),
  stage: z.object({ stage: z.enum(RUN_STAGES) }),
  done: z.object({ success: z.literal(true), processedImagePath: z.string(), imageId: z.string() }),
  /** `status`: the HTTP status the synchronous call would have answered (402, 404, 422, 502, 504…). */
  failed: z.object({
    success: z.literal(false),
    error: z.string(),
    code: z.string(),
    status: z.number().int(),
  }),
};
export type RunEventName = keyof typeof runEventData;
export type RunEvent = {
  [K in RunEventName]: { event: K; data: z.infer<(typeof runEventData)[K]> };
}[RunEventName];

/**
 * `GET /api/staging-runs?active=1` (issue #23): the signed-in user's projects with a live run, or
 * whose runs finished within the last `RECENT_RUN_MINUTES`, newest first. A page reloaded mid-run
 * finds its run here and follows the live ones over their `eventsUrl`.
 */
export const RECENT_RUN_MINUTES = 15;

export const activeRunsQuery = z.object({ active: z.enum(['1', 'true']) });

export const activeRunProject = z.object({
  projectId: z.string(),
  title: z.string(),
  status: z.enum(PROJECT_STATUSES),
  /** Runs still working (queued or in a pipeline step). */
  running: z.number().int(),
  /** Runs that delivered their staged image. */
  delivered: z.number().int(),
  /** Runs that failed (their credit was refunded). */
  failed: z.number().int(),
  startedAt: z.string(),
  /** When the last run settled; null while one still runs. */
  finishedAt: z.string().nullable(),
  /** The live runs, to follow over Server-Sent Events. */
  live: z.array(
    z.object({ runId: z.string(), stage: z.enum(RUN_STAGES).nullable(), eventsUrl: z.string() }),
  ),
});
export type ActiveRunProject = z.infer<typeof activeRunProject>;

export const activeRunsResponse = z.object({ projects: z.array(activeRunProject) });
export type ActiveRunsResponse = z.infer<typeof activeRunsResponse>;
