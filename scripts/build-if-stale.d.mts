export const ROOT: string;
export function buildIfStale(): void;
