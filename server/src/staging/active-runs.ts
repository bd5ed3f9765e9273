import { sql } from 'drizzle-orm';
import {
  RECENT_RUN_MINUTES,
  RUN_STAGES,
  type ActiveRunsResponse,
} from '../../../contract/staging-runs.js';
import type { Database } from '../db/client.js';
import type { ProjectStatus } from '../../../contract/projects.js';

const LIMIT = 5;

type Row = {
  projectId: string;
  title: string;
  status: ProjectStatus;
  running: number;
  delivered: number;
  failed: number;
  startedAt: Date | string;
  finishedAt: Date | string | null;
  live: Array<{ runId: string; stage: string | null }> | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The workspace's projects with a live staging run, or whose runs all settled within the last
 * RECENT_RUN_MINUTES, over the staging_runs table (one row per image run). Newest run first.
 */
export async function activeRunsOf(db: Database, workspaceId: string): Promise<ActiveRunsResponse> {
  const { rows } = await db.execute(sql`
    SELECT p.id AS "projectId", p.title, p.status,
           count(*) FILTER (WHERE r.state = 'reserved')::int AS running,
           count(*) FILTER (WHERE r.state = 'charged')::int AS delivered,
           count(*) FILTER (WHERE r.state = 'refunded')::int AS failed,
           min(r.created_at) AS "startedAt",
           CASE WHEN bool_or(r.state = 'reserved') THEN NULL ELSE max(r.finished_at) END AS "finishedAt",
           json_agg(json_build_object('runId', r.id, 'stage', r.stage) ORDER BY r.created_at) FILTER (WHERE r.state = 'reserved') AS live
    FROM projects p
    JOIN staging_runs r ON r.project_id = p.id
    WHERE p.workspace_id = ${workspaceId}
      AND r.created_at > now() - interval '1 day'
    GROUP BY p.id
    HAVING bool_or(r.state = 'reserved') OR max(r.finished_at) > now() - make_interval(mins => ${RECENT_RUN_MINUTES})
    ORDER BY max(r.created_at) DESC
    LIMIT ${LIMIT}`);
  return {
    projects: (rows as Row[]).map((row) => ({
      projectId: row.projectId,
      title: row.title,
      status: row.status,
      running: row.running,
      delivered: row.delivered,
      failed: row.failed,
      startedAt: iso(row.startedAt),
      finishedAt: row.finishedAt ? iso(row.finishedAt) : null,
      live: (row.live ?? []).map((run) => ({
        runId: run.runId,
        stage: (RUN_STAGES as readonly string[]).includes(run.stage ?? '')
          ? (run.stage as (typeof RUN_STAGES)[number])
          : null,
        eventsUrl: `/api/staging-runs/${run.runId}/events`,
      })),
    })),
  };
}
