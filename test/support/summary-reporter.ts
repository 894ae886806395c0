// Prints the plain closing line "N passed, N failed, N skipped" that CI reads, after vitest's own summary.
// A run can fail without any test failing: a test file that does not import, throws at the top level or
// whose beforeAll/afterAll throws (its tests then count as skipped), a describe whose hook throws, or an
// error thrown outside any test. Each of those counts as one failure too, and the line says what they were,
// e.g. "12 passed, 1 failed, 3 skipped (1 file failed outside its tests)", so it never reads "0 failed" for a failed run.
import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown> = [],
    reason?: TestRunEndReason,
  ): void {
    let passed = 0;
    let failedTests = 0;
    let skipped = 0;
    let failedFiles = 0;
    let failedSuites = 0;
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedTests++;
        else skipped++;
      }
      // File-level errors: import/collect failures, top-level throws, file-level hooks.
      if (module.errors().length > 0) failedFiles++;
      // Suite-level errors: a describe's beforeAll/afterAll threw (its tests are reported as skipped).
      for (const suite of module.children.allSuites()) if (suite.errors().length > 0) failedSuites++;
    }
    const unhandled = unhandledErrors.length;
    const failed = failedTests + failedFiles + failedSuites + unhandled;
    const notes = [
      failedFiles === 1
        ? '1 file failed outside its tests'
        : failedFiles > 1
          ? `${failedFiles} files failed outside their tests`
          : '',
      failedSuites > 0 ? `${plural(failedSuites, 'suite', 'suites')} failed in a hook` : '',
      unhandled > 0 ? plural(unhandled, 'unhandled error', 'unhandled errors') : '',
      // Vitest failed the run for a reason none of the above covers: say so rather than print a clean line.
      reason === 'failed' && failed === 0 ? 'run failed' : '',
    ].filter((s) => s !== '');
    const suffix = notes.length > 0 ? ` (${notes.join(', ')})` : '';
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped${suffix}\n`);
  }
}
