/** A map import that cannot go on, said in one line; nothing has changed in the store. */
export class MapImportError extends Error {}
