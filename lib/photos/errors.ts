/** Why a photo was refused: each says, in one sentence a person can act on, what was wrong with the file. */
export type PhotoRefusal = 'too_large' | 'not_an_image' | 'unsupported_format' | 'too_many_pixels' | 'unreadable';

export class PhotoRefused extends Error {
  override name = 'PhotoRefused';
  constructor(
    readonly code: PhotoRefusal,
    message: string,
  ) {
    super(message);
  }
}
