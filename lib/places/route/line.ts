import { EARTH_RADIUS_M, unitVector, type Vec3 } from '../geo';
import type { LonLat } from './polyline';

/**
 * One leg of a route: the shorter great-circle arc from `a` to `b`. `n` is the unit normal of its great circle (null
 * for a leg of zero length); `u` (= n x a) and `w` (= b x n) bound the lune whose points project inside the arc.
 */
export interface Leg {
  a: Vec3;
  b: Vec3;
  n: Vec3 | null;
  u: Vec3;
  w: Vec3;
  /** Length in radians. */
  length: number;
  /** Radians along the route where the leg starts. */
  start: number;
}

/** Where a point lies from a route: squared chord to its nearest point, and that point's radians along the route. */
export interface RouteMeasure {
  c2: number;
  along: number;
}

const dot = (p: Vec3, q: Vec3) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
const cross = (p: Vec3, q: Vec3): Vec3 => [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]];

const nearer = (c2: number, best: number) => c2 < best * (1 - 1e-12) - 1e-20;

export const angleOfChord2 = (c2: number) => 2 * Math.asin(Math.min(1, Math.sqrt(c2) / 2));

function leg(a: Vec3, b: Vec3, start: number): Leg {
  const d: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const length = angleOfChord2(dot(d, d));
  // a x b = (a + b) x (b - a) / 2: the difference is exact for close points, so short legs keep an accurate normal.
  const c = cross([a[0] + b[0], a[1] + b[1], a[2] + b[2]], d);
  const norm = Math.sqrt(dot(c, c));
  if (length < 1e-12 || norm === 0) return { a, b, n: null, u: [0, 0, 0], w: [0, 0, 0], length: 0, start };
  const n: Vec3 = [c[0] / norm, c[1] / norm, c[2] / norm];
  return { a, b, n, u: cross(n, a), w: cross(b, n), length, start };
}

/**
 * A route on the sphere: legs are great-circle arcs between consecutive points (each shorter than half the
 * circumference: the API's length limit guarantees it). Exact on the sphere with no special case at the
 * antimeridian or the poles: everything is unit vectors.
 */
export class RouteLine {
  readonly legs: Leg[];
  /** Total length in radians. */
  readonly length: number;

  constructor(readonly points: LonLat[]) {
    const v = points.map((p) => unitVector(p.lon, p.lat));
    this.legs = [];
    let start = 0;
    for (let i = 0; i + 1 < v.length; i++) {
      const l = leg(v[i], v[i + 1], start);
      // A repeated point adds no leg: it would only be measured again for nothing.
      if (!l.n && this.legs.length) continue;
      this.legs.push(l);
      start += l.length;
    }
    if (!this.legs.length && v.length) this.legs.push(leg(v[0], v[0], 0));
    this.length = start;
  }

  get meters(): number {
    return this.length * EARTH_RADIUS_M;
  }

  /**
   * The nearest point of the legs listed (all when omitted) to the unit vector (x, y, z), written into `out`. Legs are
   * tried in route order and only a nearer one replaces the best, nearer by more than rounding (a relative 1e-12 of
   * the squared chord, or 1e-20, about a millimeter, near zero): of equally near points the first along the route
   * wins, also where a route passes twice through the same place.
   */
  measure(x: number, y: number, z: number, out: RouteMeasure, legs?: ArrayLike<number>): RouteMeasure {
    out.c2 = Infinity;
    out.along = 0;
    const count = legs ? legs.length : this.legs.length;
    for (let k = 0; k < count; k++) {
      const g = this.legs[legs ? legs[k] : k];
      if (g.n) {
        const pu = x * g.u[0] + y * g.u[1] + z * g.u[2];
        const pw = x * g.w[0] + y * g.w[1] + z * g.w[2];
        if (pu >= 0 && pw >= 0) {
          const s = x * g.n[0] + y * g.n[1] + z * g.n[2];
          // 2 - 2 cos: written as 2 s^2 / (1 + cos), which keeps its precision for points near the arc.
          const c2 = (2 * s * s) / (1 + Math.sqrt(Math.max(0, 1 - s * s)));
          if (nearer(c2, out.c2)) {
            out.c2 = c2;
            const pa = x * g.a[0] + y * g.a[1] + z * g.a[2];
            out.along = g.start + Math.min(g.length, Math.max(0, Math.atan2(pu, pa)));
          }
          continue;
        }
      }
      const ax = x - g.a[0], ay = y - g.a[1], az = z - g.a[2];
      const ca = ax * ax + ay * ay + az * az;
      if (nearer(ca, out.c2)) {
        out.c2 = ca;
        out.along = g.start;
      }
      const bx = x - g.b[0], by = y - g.b[1], bz = z - g.b[2];
      const cb = bx * bx + by * by + bz * bz;
      if (nearer(cb, out.c2)) {
        out.c2 = cb;
        out.along = g.start + g.length;
      }
    }
    return out;
  }

  /** The point `t` radians along leg `i`, as a unit vector. */
  pointOnLeg(i: number, t: number): Vec3 {
    const g = this.legs[i];
    if (!g.n) return g.a;
    const c = Math.cos(t);
    const s = Math.sin(t);
    return [c * g.a[0] + s * g.u[0], c * g.a[1] + s * g.u[1], c * g.a[2] + s * g.u[2]];
  }
}
