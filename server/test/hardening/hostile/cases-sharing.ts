import { call, SQL, type HostileCase } from './case.js';

/**
 * Share links and the listing zip (decision 026): the attacker cannot create, read or revoke a share
 * link of the victim's project, nor download it as a zip; made-up tokens find nothing and serve no image.
 */
const share = (method: 'POST' | 'GET' | 'DELETE') => ({
  name: `share: ${method} on another user's project is 404`,
  route: `${method} /api/projects/:id/share`,
  request: (w: Parameters<HostileCase['request']>[0]) => call(method, `/api/projects/${w.a.projectId}/share`, w.b.cookie),
  expectStatus: 404,
  expectCode: 'not_found' as const,
});

export const sharingCases: HostileCase[] = [
  share('POST'),
  share('GET'),
  share('DELETE'),
  { name: 'share: a non-uuid project id is 404', route: 'POST /api/projects/:id/share', request: (w) => call('POST', `/api/projects/${encodeURIComponent(SQL)}/share`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: "zip: another user's project is 404", route: 'GET /api/projects/:id/download.zip', request: (w) => call('GET', `/api/projects/${w.a.projectId}/download.zip`, w.b.cookie), expectStatus: 404, expectCode: 'not_found' },
  { name: 'zip: an unknown label option', route: 'GET /api/projects/:id/download.zip', request: (w) => call('GET', `/api/projects/${w.b.projectId}/download.zip?label=fr`, w.b.cookie), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'zip: signed out', route: 'GET /api/projects/:id/download.zip', request: (w) => call('GET', `/api/projects/${w.a.projectId}/download.zip`), expectStatus: 401 },
  { name: 'shared listing: a made-up token', route: 'GET /api/share/:token', request: () => call('GET', `/api/share/${'x'.repeat(43)}`), expectStatus: 404, expectCode: 'not_found' },
  { name: 'shared listing: SQL as token', route: 'GET /api/share/:token', request: () => call('GET', `/api/share/${encodeURIComponent(SQL)}`), expectStatus: 404, expectCode: 'not_found' },
  {
    name: "shared image: the victim's staged image through a made-up token",
    route: 'GET /api/share/:token/images/:imageId',
    request: (w) => call('GET', `/api/share/${'y'.repeat(43)}/images/${w.a.stagedImageId}`),
    expectStatus: 404,
    expectCode: 'not_found',
  },
];
