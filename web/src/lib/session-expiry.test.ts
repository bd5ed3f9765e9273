import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnTo } from './session-expiry';

describe('the sign-in return path', () => {
  it('goes back to a page of this site, and nowhere else', () => {
    expect(safeReturnTo(loginPathReturningTo('/projects/abc?tab=gallery').split('?')[1]!)).toBe('/projects/abc?tab=gallery');
    expect(safeReturnTo('returnTo=%2Fnew-project')).toBe('/new-project');
    expect(safeReturnTo('returnTo=https%3A%2F%2Fevil.example')).toBeNull();
    expect(safeReturnTo('returnTo=%2F%2Fevil.example')).toBeNull();
    expect(safeReturnTo('returnTo=%2F%5Cevil.example')).toBeNull();
    expect(safeReturnTo('mode=signup')).toBeNull();
  });
});
