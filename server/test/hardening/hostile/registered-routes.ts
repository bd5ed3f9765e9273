import type { FastifyInstance } from 'fastify';

/**
 * Every route the app registered, as `METHOD /path` in Fastify's notation (`/api/projects/:id`,
 * `/objects/*`), read from `app.printRoutes()`: its radix tree prints one segment per line, indented
 * four characters per level below its parent, with the methods of a full path in brackets.
 * HEAD is left out: Fastify adds it to every GET.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^(.*?)(?:├── |└── )(.*)$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    const [, segment, methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(match[2]!)!;
    stack.length = depth;
    stack.push(segment!);
    if (!methods) continue;
    const fullPath = stack.join('');
    for (const method of methods.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.add(`${method} ${fullPath}`);
    }
  }
  return [...routes].sort();
}
