/** Column positions of a scanned row (raw arrays are cheaper than objects). */
export const ID = 0, LON = 1, LAT = 2, X = 3, Y = 4, Z = 5, TAGS = 6, CHAIN = 7, FID = 8, REL = 10, RATING = 11, RCOUNT = 12;
export const NAME = 13, MAKES = 14, TYPES = 15, SERVICES = 16, FLAGS = 17, AMENITIES = 18;
export type Row = unknown[] & { [i: number]: number };
