import type { PhotoImage } from './store/types';

export const PHOTO_FILES: readonly PhotoImage['size'][] = ['original', 'thumbnail', 'square', 'small', 'medium', 'large'];

/** Where one image of a traveler's photo is served (app/photos/[id]/[file]/route.ts). */
export const photoPath = (id: string, size: PhotoImage['size']) => `/photos/${encodeURIComponent(id)}/${size}.jpg`;
