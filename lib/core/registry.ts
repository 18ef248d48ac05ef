/**
 * Next.js bundles route handlers and pages into module graphs of their own, so a module-level singleton created by
 * the custom server is not the one a page would import. Live instances that both need (open stores, the OpenID
 * provider) are published here, on globalThis, by the subsystem that owns them.
 */
const KEY = Symbol.for('trip-explorer.registry');

type Registry = Map<string, unknown>;

function registry(): Registry {
  const g = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (g[KEY] ??= new Map());
}

export function publish<T>(name: string, value: T): void {
  registry().set(name, value);
}

export function lookup<T>(name: string): T | undefined {
  return registry().get(name) as T | undefined;
}

export function unpublish(name: string): void {
  registry().delete(name);
}

/** The instance published under `name`, opened by `open` on first use by whichever bundle asks first. */
export function lookupOrOpen<T>(name: string, open: () => T): T {
  const r = registry();
  if (!r.has(name)) r.set(name, open());
  return r.get(name) as T;
}
