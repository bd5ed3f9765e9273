import { describe, expect, it } from 'vitest';
import { projectDetailResponse } from '@contract/projects';
import { contractReply, errorReply, processImageReply } from './contract-reply';

describe('mocked replies checked against contract/', () => {
  it('refuses a process-image 200 with success:false, and a failure without an error status', () => {
    expect(() => processImageReply({ success: false, error: 'The room could not be detected' })).toThrow(/only with a 4xx\/5xx status/);
    expect(() => processImageReply({ success: false, error: 'x', code: 'staging_failed' }, 200)).toThrow(/not 200/);
    expect(() => processImageReply({ success: true, processedImagePath: '/a.jpg' }, 202)).toThrow(/not 202/);
    expect(processImageReply({ success: false, error: 'No credits', code: 'insufficient_credits' }, 402).status).toBe(402);
  });

  it('refuses a body the schema does not allow, and an error code the server does not have', async () => {
    expect(() => contractReply(projectDetailResponse, { id: 'p' } as never)).toThrow(/does not match the contract/);
    expect(() => errorReply(400, 'no_such_code' as never, 'x')).toThrow(/does not match the contract/);
    const reply = errorReply(409, 'conflict', 'Already done');
    expect([reply.status, await reply.json()]).toEqual([409, { message: 'Already done', code: 'conflict' }]);
  });
});
