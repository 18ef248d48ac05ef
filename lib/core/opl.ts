// OPL, osmium's one-object-a-line format, escapes every character outside a small safe set as %<hex code point>%.
const UNSAFE = /[^A-Za-z0-9_.:;/\-'&()+*]/gu;

export const oplEscape = (text: string): string => text.replace(UNSAFE, (c) => `%${c.codePointAt(0)!.toString(16)}%`);

export const oplUnescape = (text: string): string => text.replace(/%([0-9a-f]+)%/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));

/** Tags as the text of an OPL `T` field: `key=value` pairs escaped and joined by commas; a tag without a value left out. */
export function oplTags(tags: Record<string, string | undefined>): string {
  return Object.entries(tags)
    .flatMap(([key, value]) => (value === undefined ? [] : [`${oplEscape(key)}=${oplEscape(value)}`]))
    .join(',');
}
