import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn } from './api-request';

function mockFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with a content type only when there is a body, and parses the reply', async () => {
    const fetchMock = mockFetch(200, '{"id":"p1"}');
    await expect(apiRequest('/api/projects', { method: 'POST', body: { title: 'Loft' } })).resolves.toEqual({ id: 'p1' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"title":"Loft"}');
    expect(init.credentials).toBe('include');

    mockFetch(200, '[]');
    await apiRequest('/api/projects');
    const [, get] = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0] as unknown as [string, RequestInit];
    expect(get.method).toBe('GET');
    expect(get.headers).toEqual({});
    expect(get.body).toBeUndefined();
  });

  it('raises "status: body" for a non-OK reply and keeps the parsed error body', async () => {
    mockFetch(402, '{"message":"No credits left.","code":"insufficient_credits"}');
    const error = (await apiRequest('/api/process-image', { method: 'POST', body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('402: {"message":"No credits left.","code":"insufficient_credits"}');
    expect(error.status).toBe(402);
    expect(error.body).toEqual({ message: 'No credits left.', code: 'insufficient_credits' });
    expect(error.serverMessage).toBe('No credits left.');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(503, '', 'Service Unavailable');
    await expect(apiRequest('/api/health')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('joins the key parts with "/"', async () => {
    const fetchMock = mockFetch(200, '{"ok":true}');
    await getQueryFn({ on401: 'throw' })({ queryKey: ['/api/projects', 'abc'] });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/projects/abc');
  });

  it('returns null for 401 on the user call, and throws elsewhere', async () => {
    mockFetch(401, '{"message":"Unauthorized","code":"unauthorized"}');
    await expect(getQueryFn({ on401: 'returnNull' })({ queryKey: ['/api/auth/user'] })).resolves.toBeNull();
    mockFetch(401, '{"message":"Unauthorized","code":"unauthorized"}');
    await expect(getQueryFn({ on401: 'throw' })({ queryKey: ['/api/projects'] })).rejects.toThrow('401: {"message":"Unauthorized","code":"unauthorized"}');
  });
});
