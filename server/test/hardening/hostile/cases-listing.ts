import { call, type HostileCase } from './case.js';
import type { World } from './world.js';

/** Decision 025: room type, room group and variations on process-image; choosing a variation. */
const CHOOSE = 'POST /api/projects/:id/images/:imageId/choose';
const RANDOM_UUID = '0b9e4c1e-7f2a-4d8b-9c3e-5a6f7b8c9d0e';

const process = (w: World, body: Record<string, unknown>) =>
  call('POST', '/api/process-image', w.b.cookie, {
    imageURL: w.b.uploadPath,
    projectId: w.b.projectId,
    category: 'virtual_staging',
    styleName: 'Modern Staging',
    styleDescription: '',
    isRegeneration: false,
    ...body,
  });

const choose = (cookie: string | null, projectId: string, imageId: string, body: unknown) => call('POST', `/api/projects/${projectId}/images/${imageId}/choose`, cookie, body);

export const listingCases: HostileCase[] = [
  { name: 'process: an unknown room type', route: 'POST /api/process-image', request: (w) => process(w, { roomType: 'garage' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'process: a room group with a path in it', route: 'POST /api/process-image', request: (w) => process(w, { roomGroup: '../a/b' }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'process: 50 variations', route: 'POST /api/process-image', request: (w) => process(w, { variations: 50 }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'process: variations as a string', route: 'POST /api/process-image', request: (w) => process(w, { variations: '2' }), expectStatus: 400, expectCode: 'validation_failed' },
  {
    name: 'choose: the attacker picks a variation of the victim’s staged image',
    route: CHOOSE,
    request: (w) => choose(w.b.cookie, w.a.projectId, w.a.stagedImageId, { variationId: RANDOM_UUID }),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  {
    name: 'choose: the victim’s image under the attacker’s project',
    route: CHOOSE,
    request: (w) => choose(w.b.cookie, w.b.projectId, w.a.stagedImageId, { variationId: RANDOM_UUID }),
    expectStatus: 404,
    expectCode: 'not_found',
  },
  { name: 'choose: signed out', route: CHOOSE, request: (w) => choose(null, w.a.projectId, w.a.stagedImageId, { variationId: RANDOM_UUID }), expectStatus: 401 },
  { name: 'choose: a variation id that is not a uuid', route: CHOOSE, request: (w) => choose(w.b.cookie, w.b.projectId, RANDOM_UUID, { variationId: "' OR 1=1 --" }), expectStatus: 400, expectCode: 'validation_failed' },
  { name: 'choose: an image id that is not a uuid', route: CHOOSE, request: (w) => choose(w.b.cookie, w.b.projectId, 'not-a-uuid', { variationId: RANDOM_UUID }), expectStatus: 404, expectCode: 'not_found' },
];
