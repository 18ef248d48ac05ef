declare module 'polylabel' {
  /** The pole of inaccessibility of a polygon (rings of [x, y]): the inner point farthest from its edges. */
  export default function polylabel(polygon: number[][][], precision?: number): [number, number] & { distance: number };
}
