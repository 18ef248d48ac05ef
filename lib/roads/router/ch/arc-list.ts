import { SteppedGrowth } from '@/lib/core/stepped-growth';

/** The limit profiles a path drives through, sorted. */
export type Profiles = readonly number[];
export const NO_PROFILES: Profiles = [];

/**
 * The growing list of the hierarchy's arcs while nodes are contracted, in typed columns that grow in steps
 * (`SteppedGrowth`): copied at once, a country's columns held the thread 643 ms. Only `alive` changes after an arc is
 * added.
 */
export class ArcList {
  length = 0;
  tail: Uint32Array;
  head: Uint32Array;
  weight: Float64Array;
  original: Int32Array;
  first: Int32Array;
  second: Int32Array;
  alive: Uint8Array;
  /** Each arc's set of profiles, as its number in `sets` (0: none, most arcs). */
  profileSet: Uint32Array;
  /**
   * The distinct sets of profiles, numbered: a few hundred on real roads, where an array of one reference per arc
   * would hold a country's hundred million arcs on the heap (and past 2^25 entries V8 keeps such an array as a
   * dictionary).
   */
  private readonly sets: Profiles[] = [NO_PROFILES];
  private readonly setNumbers = new Map<string, number>([['', 0]]);
  private readonly growth: SteppedGrowth<ArcColumns>;

  constructor(capacity: number) {
    this.tail = new Uint32Array(capacity);
    this.head = new Uint32Array(capacity);
    this.weight = new Float64Array(capacity);
    this.original = new Int32Array(capacity);
    this.first = new Int32Array(capacity);
    this.second = new Int32Array(capacity);
    this.alive = new Uint8Array(capacity);
    this.profileSet = new Uint32Array(capacity);
    this.growth = new SteppedGrowth(1 << 16, () => this.columns(), capacity);
  }

  profilesOf(a: number): Profiles {
    return this.sets[this.profileSet[a]];
  }

  add(tail: number, head: number, weight: number, original: number, first: number, second: number, profiles: Profiles): number {
    const a = this.length;
    if (a === this.tail.length) this.use(this.growth.finish(a, a + 1));
    this.length++;
    this.tail[a] = tail;
    this.head[a] = head;
    this.weight[a] = weight;
    this.original[a] = original;
    this.first[a] = first;
    this.second[a] = second;
    this.alive[a] = 1;
    this.profileSet[a] = this.setNumber(profiles);
    this.growth.step(this.length);
    return a;
  }

  /** Takes arc a out of the hierarchy (an arc as cheap through no other profiles took its place). */
  kill(a: number): void {
    this.alive[a] = 0;
    if (this.growth.copiedAlready(a)) this.growth.nextColumns().alive[a] = 0;
  }

  private setNumber(profiles: Profiles): number {
    if (profiles.length === 0) return 0;
    const key = profiles.join(',');
    let number = this.setNumbers.get(key);
    if (number === undefined) {
      number = this.sets.push(profiles) - 1;
      this.setNumbers.set(key, number);
    }
    return number;
  }

  private columns(): ArcColumns {
    const { tail, head, weight, original, first, second, alive, profileSet } = this;
    return { tail, head, weight, original, first, second, alive, profileSet };
  }

  private use(columns: ArcColumns) {
    ({ tail: this.tail, head: this.head, weight: this.weight, original: this.original } = columns);
    ({ first: this.first, second: this.second, alive: this.alive, profileSet: this.profileSet } = columns);
  }
}

type ArcColumns = Pick<ArcList, 'tail' | 'head' | 'weight' | 'original' | 'first' | 'second' | 'alive' | 'profileSet'>;
