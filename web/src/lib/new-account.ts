/**
 * Remembers for this browser session that the account was just created, so home greets with
 * "Welcome" instead of "Welcome back" (issue #26). Written by sign-up, read by home.
 */
const KEY = 'raumwerk-new-account';

export function markNewAccount(userId: string) {
  try {
    sessionStorage.setItem(KEY, userId);
  } catch {
    /* storage blocked: the greeting says "Welcome back" */
  }
}

export function isNewAccount(userId: string): boolean {
  try {
    return sessionStorage.getItem(KEY) === userId;
  } catch {
    return false;
  }
}
