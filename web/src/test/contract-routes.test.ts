import { describe, expect, it } from 'vitest';
import { contractViolation } from './contract-routes';
import { jsonResponse, testConfig, testProject, testUser } from './fetch-mock';

const empty = (status: number) => new Response(null, { status });

describe('every mocked /api/ reply is checked against the operation in contract/', () => {
  it('accepts what the server sends', async () => {
    expect(await contractViolation('GET', '/api/config', jsonResponse(testConfig()))).toBeNull();
    expect(await contractViolation('GET', '/api/auth/user?optional=1', jsonResponse(null))).toBeNull();
    expect(await contractViolation('GET', '/api/auth/user', jsonResponse(testUser()))).toBeNull();
    expect(await contractViolation('GET', '/api/projects/p1', jsonResponse(testProject({ id: 'p1' })))).toBeNull();
    expect(await contractViolation('PUT', '/api/auth/password', empty(204))).toBeNull();
    expect(await contractViolation('DELETE', '/api/projects/p1', jsonResponse({ message: 'Project not found', code: 'not_found' }, 404))).toBeNull();
    // Storage (an upload PUT) is not an /api/ operation; a gateway's own 502 page is not the server's.
    expect(await contractViolation('PUT', '/upload/1', jsonResponse({}))).toBeNull();
    expect(await contractViolation('GET', '/api/projects', new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }))).toBeNull();
  });

  it('refuses a partial body, an empty error, a body on a 204, a status the operation never answers and an unknown operation', async () => {
    expect(await contractViolation('GET', '/api/config', jsonResponse({ stagingConcurrency: 3 }))).toMatch(/GET \/api\/config → 200 does not match the contract:[\s\S]*oidcEnabled/);
    expect(await contractViolation('GET', '/api/auth/user', empty(401))).toMatch(/the server answers JSON here/);
    expect(await contractViolation('POST', '/api/analytics/events', jsonResponse({ ok: true }, 200))).toMatch(/answers this operation with 204/);
    expect(await contractViolation('POST', '/api/projects', jsonResponse({ id: 'p1' }, 200))).toMatch(/answers this operation with 201/);
    expect(await contractViolation('POST', '/api/process-image', jsonResponse({ success: false, error: 'x', code: 'staging_failed' }, 200))).toMatch(/does not match the contract/);
    expect(await contractViolation('GET', '/api/no-such-thing', jsonResponse({}))).toMatch(/no such operation/);
  });
});
