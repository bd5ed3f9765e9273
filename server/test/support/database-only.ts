import { randomUUID } from 'node:crypto';
import { connectDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { projects } from '../../src/db/schema/projects.js';
import { users } from '../../src/db/schema/users.js';
import { createTestDatabase } from './test-database.js';

/**
 * A migrated database of its own for a test file that calls a module's functions directly (no app,
 * no HTTP): quick enough for mutation testing, which re-runs the file for every mutant.
 */
export async function openDatabaseOnly(): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  const testDb = await createTestDatabase();
  const handle = connectDatabase(testDb.url, { poolSize: 4 });
  return {
    ...handle,
    async drop() {
      await handle.close();
      await testDb.drop();
    },
  };
}

/** A user row (its personal workspace is made by the database trigger) with the given credits. */
export async function insertUser(db: DatabaseHandle['db'], values: { creditsLimit?: number; creditsUsed?: number; packCredits?: number } = {}): Promise<string> {
  const [row] = await db.insert(users).values({ email: `u-${randomUUID()}@example.com`, ...values }).returning({ id: users.id });
  return row!.id;
}

/** A project of the user (in their personal workspace, filled in by the trigger unless given). */
export async function insertProject(db: DatabaseHandle['db'], userId: string, workspaceId?: string): Promise<string> {
  const [row] = await db.insert(projects).values({ userId, title: 'Test room', ...(workspaceId ? { workspaceId } : {}) }).returning({ id: projects.id });
  return row!.id;
}
