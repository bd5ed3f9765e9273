import type { ErrorBody } from '@contract/errors';

/**
 * The request helper and query fetcher of spec §7/§8. A non-OK reply raises an ApiError whose
 * message is "<status>: <body text>" (or the status text when the body is empty); the parsed
 * `{message, code}` body is kept alongside so screens can show a translated text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Partial<ErrorBody> | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The server's own sentence, without the status prefix. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: Partial<ErrorBody> | null = null;
  try {
    body = JSON.parse(text) as Partial<ErrorBody>;
  } catch {
    /* not JSON: keep only the text */
  }
  throw new ApiError(res.status, `${res.status}: ${text}`, body);
}

export interface ApiRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Sends the session cookie; JSON content type only when there is a body; parses the JSON reply. */
export async function apiRequest<T = unknown>(url: string, options: ApiRequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const res = await fetch(url, {
    method: options.method ?? 'GET',
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
    body: hasBody ? JSON.stringify(options.body) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default query fetcher: the key parts joined with '/' form the URL. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}
