/**
 * Natural Earth names the National Park Service's units in short form ("Flight 93 N MEM", "Zion NP"); travelers
 * type them in full. This spells a unit's name out from its designation, for the Go to gazetteer.
 */

/** Slips in Natural Earth's names, corrected so that the names can be found as travelers spell them. */
const CORRECTIONS: [RegExp, string][] = [
  [/\bWashinton\b/, 'Washington'],
  [/\bNew Orlean\b/, 'New Orleans'],
  [/\bTuscon\b/, 'Tucson'],
  [/ v$/, ''],
  [/Ta'\? Unit/, 'Ta‘ū Unit'],
];

// Capitals or "&", but not a Roman numeral ("World War II MEM").
const ABBREVIATION = /^(?!(?:[IVX]+)$)(?:[A-Z]{1,5}|&)$/;

/** "Salt River Bay NHP & E PRES", "National Historical Park and Ecological Preserve" → "Salt River Bay National Historical Park and Ecological Preserve". */
function spellOut(name: string, designation: string): string {
  if (name.toLowerCase().includes(designation.toLowerCase())) return name;
  const tokens = name.split(' ');
  // The last run of capitals is the designation (not "II" in "World War II Valor in the Pacific NM").
  let end = tokens.length - 1;
  while (end >= 0 && !(ABBREVIATION.test(tokens[end]) && tokens[end] !== '&')) end--;
  if (end < 0 || tokens[end].length === 1) {
    // No abbreviation: a national unit's designation is part of its name ("Capulin Volcano National Monument").
    const lastWord = tokens.at(-1)!.toLowerCase();
    return designation.startsWith('National') && !designation.toLowerCase().split(' ').includes(lastWord) ? `${name} ${designation}` : name;
  }
  let start = end;
  while (start > 0 && ABBREVIATION.test(tokens[start - 1])) start--;
  const designationWords = new Set(designation.toLowerCase().split(' '));
  const rest = tokens.slice(end + 1);
  const restInDesignation = rest.length > 0 && rest.every((w) => designationWords.has(w === '&' ? 'and' : w.toLowerCase()));
  return [...tokens.slice(0, start), designation, ...(restInDesignation ? [] : rest)].join(' ');
}

/** A park's name as travelers say it: `unitName` spelled out with `designation`; a part of a unit of several places keeps its own name in parentheses. */
export function parkName(unitName: string, designation: string): string {
  let text = unitName.replace(/\s+/g, ' ').trim();
  for (const [wrong, right] of CORRECTIONS) text = text.replace(wrong, right);
  const [base, part] = text.split(/\s*--\s*|\s+-\s+/);
  const full = spellOut(base, designation);
  return part ? `${full} (${part})` : full;
}

/**
 * A park's weight among the names matching a query, as a population would weigh a city: a national park ranks like a
 * city of a million, other large units (monuments, seashores, recreation areas, preserves) like 100,000, a historic
 * site or memorial like a town of 10,000.
 */
export function parkProminence(designation: string): number {
  if (/National Park/.test(designation)) return 1_000_000;
  if (/Monument|Seashore|Lakeshore|Recreation|Preserve|River|Trail|Parkway/.test(designation)) return 100_000;
  return 10_000;
}
