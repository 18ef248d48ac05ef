/**
 * A source's vertex keys as numbers: OSM node ids (and the bench's grid keys) as they are, text keys (GeoJSON's
 * rounded coordinates, small files) numbered as they first come. A source's keys are all of one kind.
 */
export class VertexKeys {
  private readonly textKeys = new Map<string, number>();
  private kind: 'number' | 'string' | null = null;

  /** The key as a number; a text key not seen before is numbered when `add`, else NaN. */
  numeric(key: number | string, add: boolean): number {
    const kind = typeof key as 'number' | 'string';
    if (kind !== (this.kind ??= kind)) throw new Error(`a ${kind} key among ${this.kind} keys: a source's vertex keys are all of one kind`);
    if (typeof key === 'number') return key;
    let numbered = this.textKeys.get(key);
    if (numbered === undefined) {
      if (!add) return NaN;
      numbered = this.textKeys.size;
      this.textKeys.set(key, numbered);
    }
    return numbered;
  }
}
