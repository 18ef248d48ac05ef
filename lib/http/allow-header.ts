/** The `Allow` header of a 405: the methods taken, HEAD wherever GET is, and OPTIONS. */
export function allowHeader(methods: readonly string[]): string {
  return [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
}
