import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/db/client.js';
import type { World } from './world.js';

/**
 * What must never change for the victim whatever the attacker sends: A's account row (credits,
 * plan, password hash, deletion state), sessions, projects, images, runs, uploads, checkouts and
 * workspaces (members, roles, invitations), and every file under A's storage prefix (path and content hash).
 */
export interface VictimSnapshot {
  rows: Record<string, unknown[]>;
  files: string[];
  digest: string;
}

const VICTIM_TABLES: Record<string, string> = {
  users: 'SELECT * FROM users WHERE id = $1',
  sessions: 'SELECT id, expires_at FROM sessions WHERE user_id = $1 ORDER BY id',
  projects: 'SELECT * FROM projects WHERE user_id = $1 ORDER BY id',
  project_images: 'SELECT * FROM project_images WHERE user_id = $1 ORDER BY id',
  staging_runs: 'SELECT * FROM staging_runs WHERE user_id = $1 ORDER BY id',
  upload_tokens: 'SELECT * FROM upload_tokens WHERE user_id = $1 ORDER BY id',
  billing_checkouts: 'SELECT * FROM billing_checkouts WHERE user_id = $1 ORDER BY setup_intent_id',
  // Decision 041: A's workspaces, who is in them with which role, and their open invitations.
  workspaces: 'SELECT w.* FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id WHERE m.user_id = $1 ORDER BY w.id',
  workspace_members: 'SELECT * FROM workspace_members WHERE workspace_id IN (SELECT workspace_id FROM workspace_members WHERE user_id = $1) ORDER BY workspace_id, user_id',
  workspace_invitations: 'SELECT * FROM workspace_invitations WHERE workspace_id IN (SELECT workspace_id FROM workspace_members WHERE user_id = $1) ORDER BY id',
};

export async function snapshotVictim(world: World): Promise<VictimSnapshot> {
  const pool = world.kit.t.database.pool;
  const rows: Record<string, unknown[]> = {};
  for (const [table, query] of Object.entries(VICTIM_TABLES)) rows[table] = (await pool.query(query, [world.a.id])).rows;
  const files = filesUnder(path.join(world.dataDir, 'objects', 'users', world.a.id));
  const digest = createHash('sha256').update(JSON.stringify({ rows, files })).digest('hex');
  return { rows, files, digest };
}

/** `relative/path sha256` of every file under a folder, sorted. */
export function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return `${path.relative(root, file)} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`;
    })
    .sort();
}

/**
 * Tenant isolation across the whole database: every image, run and upload belongs to the owner of
 * its project, every stored path lies under its owner's prefix, and a staged image's original is
 * in the same project. Returns the violations (empty when the data is clean).
 */
export async function crossTenantViolations(db: Database): Promise<string[]> {
  const checks: Record<string, ReturnType<typeof sql>> = {
    'image of another user’s project': sql`SELECT i.id FROM project_images i JOIN projects p ON p.id = i.project_id WHERE i.user_id <> p.user_id`,
    'image path outside its owner’s prefix': sql`SELECT id FROM project_images
      WHERE file_path NOT LIKE '/users/' || user_id || '/projects/' || project_id || '/%'
         OR (thumbnail_path IS NOT NULL AND thumbnail_path NOT LIKE '/users/' || user_id || '/projects/' || project_id || '/%')`,
    'staged image of another project’s original': sql`SELECT s.id FROM project_images s JOIN project_images o ON o.id = s.original_image_id WHERE o.project_id <> s.project_id`,
    'run of another user’s project': sql`SELECT r.id FROM staging_runs r JOIN projects p ON p.id = r.project_id WHERE r.user_id <> p.user_id`,
    'run on another project’s image': sql`SELECT r.id FROM staging_runs r JOIN project_images o ON o.id = r.original_image_id WHERE o.project_id <> r.project_id`,
    'upload key outside its owner’s prefix': sql`SELECT id FROM upload_tokens WHERE object_key NOT LIKE 'users/' || user_id || '/uploads/%'`,
    'upload consumed into another user’s image': sql`SELECT u.id FROM upload_tokens u JOIN project_images i ON i.id = u.image_id WHERE i.user_id <> u.user_id`,
    'credits out of range': sql`SELECT id FROM users WHERE credits_used < 0`,
  };
  const violations: string[] = [];
  for (const [name, query] of Object.entries(checks)) {
    const { rows } = await db.execute(query);
    if (rows.length) violations.push(`${name}: ${rows.map((r) => JSON.stringify(r)).join(', ')}`);
  }
  return violations;
}

/** Every file under DATA_DIR/objects has a key of the whitelisted grammar (nothing escaped it). */
export function strayObjectFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'objects');
  const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  const allowed = new RegExp(`^users/${UUID}/(?:uploads/${UUID}(?:\\.thumb\\.webp)?|projects/${UUID}/${UUID}(?:\\.jpg|\\.png|\\.webp|\\.thumb\\.webp|\\.changes\\.png))$`);
  return filesUnder(root)
    .map((line) => line.split(' ')[0]!)
    .filter((file) => !allowed.test(file.split(path.sep).join('/')));
}
