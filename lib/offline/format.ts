/** "840 KB", "1.2 MB": the size a kept trip takes on the device. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const editCount = (n: number) => `${n} edit${n === 1 ? '' : 's'}`;
