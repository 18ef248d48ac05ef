// Prints one closing line over both runners, from their JSON reports.
import fs from 'node:fs';

const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null);
let passed = 0, failed = 0, skipped = 0;
const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
const pw = read('test-results/playwright.json');
if (pw) {
  passed += pw.stats.expected + (pw.stats.flaky ?? 0);
  failed += pw.stats.unexpected;
  skipped += pw.stats.skipped;
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
