/** One route of an API: a method and a path (`:name` stands for a parameter) and what answers it. */
export interface ApiRoute<Action> {
  method: string;
  path: string;
  action: Action;
}

export type RouteMatch<Action> =
  | { found: true; action: Action; params: Record<string, string> }
  /** The path is a route's, the method none of its: the methods it takes, in the table's order. */
  | { found: false; allowed: string[] };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A table of routes under `prefix`, each `:name` of a path matching `params[name]` (a regular expression's source).
 * A path belongs to the first route whose pattern it matches, so a fixed path goes before a parameter beside it
 * (`/passkeys/options` before `/passkeys/:id`). Null for a path of no route.
 */
export function routeTable<Action>(prefix: string, routes: readonly ApiRoute<Action>[], params: Record<string, string> = {}) {
  const patterns = new Map(
    routes.map((r) => [r.path, new RegExp(`^${escapeRegExp(prefix + r.path).replace(/:(\w+)/g, (_, name: string) => `(?<${name}>${params[name]})`)}$`)]),
  );
  return (path: string, method: string | undefined): RouteMatch<Action> | null => {
    const first = routes.find((r) => patterns.get(r.path)!.test(path));
    if (!first) return null;
    const same = routes.filter((r) => r.path === first.path);
    const route = same.find((r) => r.method === method);
    if (!route) return { found: false, allowed: same.map((r) => r.method) };
    return { found: true, action: route.action, params: { ...patterns.get(first.path)!.exec(path)!.groups } };
  };
}
