/** Degrees of latitude and longitude a bucket spans. */
const BUCKET_DEGREES = 0.25;

/**
 * One location's grid positions grouped into small geographic buckets (BUCKET_DEGREES square), each with the box
 * its places' unit vectors lie in. A search by distance reads the buckets in order of their box's distance from the
 * center and stops once a box is farther than the worst place it keeps.
 */
export interface PositionBuckets {
  /** Grid positions, bucket after bucket (each bucket's in grid order). */
  positions: Int32Array;
  /** Bucket b holds positions[start[b]] to positions[start[b + 1] - 1]. */
  start: Int32Array;
  /** Per bucket: min x, min y, min z, max x, max y, max z. */
  box: Float64Array;
}

/** Groups grid positions (in grid order) into buckets; the arrays are the point grid's columns. */
export function bucketPositions(
  positions: Int32Array,
  lon: Float64Array,
  lat: Float64Array,
  x: Float64Array,
  y: Float64Array,
  z: Float64Array,
): PositionBuckets {
  const n = positions.length;
  const scale = 2 ** Math.ceil(Math.log2(n + 1));
  const columns = Math.ceil(360 / BUCKET_DEGREES) + 1;
  // Bucket key and index packed in one double: a native numeric sort, and a stable one.
  const packed = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const i = positions[k];
    const key = Math.floor((lat[i] + 90) / BUCKET_DEGREES) * columns + Math.floor((lon[i] + 180) / BUCKET_DEGREES);
    packed[k] = key * scale + k;
  }
  packed.sort();
  const sorted = new Int32Array(n);
  const starts: number[] = [];
  const box: number[] = [];
  let last = -1;
  for (let k = 0; k < n; k++) {
    const key = Math.floor(packed[k] / scale);
    const i = positions[packed[k] - key * scale];
    sorted[k] = i;
    if (key !== last) {
      starts.push(k);
      box.push(x[i], y[i], z[i], x[i], y[i], z[i]);
      last = key;
    }
    const b = box.length - 6;
    box[b] = Math.min(box[b], x[i]);
    box[b + 1] = Math.min(box[b + 1], y[i]);
    box[b + 2] = Math.min(box[b + 2], z[i]);
    box[b + 3] = Math.max(box[b + 3], x[i]);
    box[b + 4] = Math.max(box[b + 4], y[i]);
    box[b + 5] = Math.max(box[b + 5], z[i]);
  }
  starts.push(n);
  return { positions: sorted, start: Int32Array.from(starts), box: Float64Array.from(box) };
}

/** How far c lies outside [min, max] (a module function: a closure made per call costs in the hot loop). */
function gap(min: number, max: number, c: number): number {
  return c < min ? min - c : c > max ? c - max : 0;
}

/**
 * The squared distance from the origin to a bucket's box, computed with the operations of the places' squared chord
 * ((dx * dx + dy * dy) + dz * dz, each difference from the origin) so that, rounding being monotone, it is never
 * above the chord of a place inside: a bound that keeps the search exact.
 */
function boxC2(box: Float64Array, b: number, o: readonly [number, number, number]): number {
  const dx = gap(box[b], box[b + 3], o[0]);
  const dy = gap(box[b + 1], box[b + 4], o[1]);
  const dz = gap(box[b + 2], box[b + 5], o[2]);
  return dx * dx + dy * dy + dz * dz;
}

/**
 * Calls `visit(set, bucket, c2)` for the buckets of every set in order of their box's squared distance from the
 * origin, nearest first, until `visit` returns false. A min-heap over every bucket (built in linear time), so only
 * the buckets read cost a sort step.
 */
export function visitNearestBuckets(
  sets: PositionBuckets[],
  origin: readonly [number, number, number],
  visit: (set: PositionBuckets, bucket: number, c2: number) => boolean,
): void {
  let total = 0;
  for (const s of sets) total += s.start.length - 1;
  const key = new Float64Array(total);
  const setOf = new Int32Array(total);
  const bucketOf = new Int32Array(total);
  let n = 0;
  sets.forEach((s, si) => {
    for (let b = 0; b + 1 < s.start.length; b++, n++) {
      key[n] = boxC2(s.box, 6 * b, origin);
      setOf[n] = si;
      bucketOf[n] = b;
    }
  });
  const heap = new Int32Array(total);
  for (let k = 0; k < total; k++) heap[k] = k;
  const down = (j: number, size: number) => {
    for (;;) {
      const l = 2 * j + 1;
      const r = l + 1;
      let m = j;
      if (l < size && key[heap[l]] < key[heap[m]]) m = l;
      if (r < size && key[heap[r]] < key[heap[m]]) m = r;
      if (m === j) return;
      const t = heap[j];
      heap[j] = heap[m];
      heap[m] = t;
      j = m;
    }
  };
  for (let j = (total >> 1) - 1; j >= 0; j--) down(j, total);
  for (let size = total; size > 0; ) {
    const top = heap[0];
    if (!visit(sets[setOf[top]], bucketOf[top], key[top])) return;
    heap[0] = heap[--size];
    down(0, size);
  }
}
