import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyFromClientPath, parseKey, projectImageKey, thumbnailKeyOf, uploadKey } from './object-keys.js';

const USER = '0b6c7c1e-3f3a-4c5e-9a51-2f1d7f9e8a10';
const PROJECT = 'a1e2c3d4-5b6a-4788-9900-aabbccddeeff';

describe('object keys', () => {
  it('accepts the forms a client sends for its own keys', () => {
    const upload = uploadKey(USER);
    const image = projectImageKey(USER, PROJECT, 'jpg');
    for (const input of [`/objects/${upload}`, `/${upload}`, `https://app.example.com/objects/${upload}`, `/objects/${image}`, `/${thumbnailKeyOf(image)}`]) {
      const parsed = keyFromClientPath(input);
      expect(parsed, input).not.toBeNull();
      expect(parsed!.userId).toBe(USER);
    }
    expect(parseKey(image)).toMatchObject({ kind: 'project', projectId: PROJECT, isThumbnail: false });
    expect(parseKey(thumbnailKeyOf(image))).toMatchObject({ isThumbnail: true });
    expect(parseKey(`${upload}.thumb.webp`)).toMatchObject({ kind: 'upload', isThumbnail: true });
  });

  it('refuses traversal, encoding, absolute and foreign shapes', () => {
    for (const input of [
      `/objects/users/${USER}/uploads/../../x`,
      `/objects/users/${USER}/uploads/%2e%2e/x`,
      `/objects/users/${USER}//uploads/${PROJECT}`,
      `/objects/users/${USER}/uploads/${PROJECT}\\..`,
      `users/${USER}/uploads/${PROJECT}`,
      '/etc/passwd',
      `/objects/users/${USER.toUpperCase()}/uploads/${PROJECT}`,
      `/objects/users/${USER}/uploads/${PROJECT}.svg`,
      `/objects/users/${USER}/projects/${PROJECT}/${PROJECT}.html`,
      `/objects/users/${USER}/uploads/${PROJECT}\u0000.jpg`,
      'javascript:alert(1)',
    ]) {
      expect(keyFromClientPath(input), input).toBeNull();
    }
  });

  it('never yields a key outside users/<uuid>/ nor one containing dot segments, whatever the input', () => {
    const segment = fc.constantFrom('..', '.', '%2e%2e', '%2f', '', 'users', USER, PROJECT, 'uploads', 'projects', `${PROJECT}.jpg`, '\\', 'objects');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), fc.boolean(), (parts, lead) => {
        const input = (lead ? '/objects/' : '/') + parts.join('/');
        const parsed = keyFromClientPath(input);
        if (parsed) {
          expect(parsed.key.startsWith(`users/${parsed.userId}/`)).toBe(true);
          expect(parsed.key.split('/')).not.toContain('..');
          expect(parsed.key).not.toMatch(/%|\\|\/\//);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
