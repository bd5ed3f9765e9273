/** A tiny route table: `/v1/customers/:id` patterns, matched on method and path. */
import type { ParamReader } from './params.js';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

export interface RouteRequest {
  params: ParamReader;
  /** Path captures, e.g. `{ id: 'cus_123' }`. */
  path: Record<string, string>;
}

export interface Route {
  method: HttpMethod;
  pattern: string;
  handle(request: RouteRequest): object;
}

export function route(method: HttpMethod, pattern: string, handle: Route['handle']): Route {
  return { method, pattern, handle };
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { route: Route; path: Record<string, string> } | null {
  const parts = pathname.split('/').filter(Boolean);
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const pattern = candidate.pattern.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const path: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith(':')) {
        path[segment.slice(1)] = decodeURIComponent(parts[i]);
        return true;
      }
      return segment === parts[i];
    });
    if (matches) return { route: candidate, path };
  }
  return null;
}
