/** A download's file name from a trip's name: lowercase letters, digits and single dashes, none at either end. */
export function exportFileName(name: string, extension: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .replace(/[\s_-]+/g, '-')
    .toLowerCase()
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${slug || 'trip'}.${extension}`;
}
