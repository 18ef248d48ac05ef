import { afterAll } from 'vitest';
import { removeTempDataDirs } from './temp-dirs';

// Each test file's data directories go when the file is done (Vitest ends its workers without an `exit` event).
afterAll(removeTempDataDirs);
