import { activeSigningKey, loadSigningKeys, publishedSigningKeys, rotateSigningKeys } from '../../keys';
import type { SigningKeys } from '../types';

/** The signing keys in a JSON file under DATA_DIR (owner-only), the default of a single instance. */
export function fileSigningKeys(file: string): SigningKeys {
  return {
    async load() {
      return loadSigningKeys(file);
    },
    async published() {
      return publishedSigningKeys(file);
    },
    async active() {
      return activeSigningKey(file);
    },
    async rotate() {
      return rotateSigningKeys(file);
    },
  };
}
