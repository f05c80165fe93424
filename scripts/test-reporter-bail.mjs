// A node:test reporter that stops the process at the first failing test (exit code 1), printing which one and why.
// The mutation run uses it (stryker.config.mjs): a mutant is killed by one failure, the rest of the tests would
// only cost time. Passing tests print nothing; the last line counts them.
export default async function* bailOnFailure(source) {
  let passed = 0;
  for await (const event of source) {
    if (event.type === 'test:pass') passed++;
    if (event.type === 'test:fail') {
      const error = event.data.details?.error;
      process.stderr.write(`failed: ${event.data.name} (${event.data.file ?? ''})\n${error?.cause?.message ?? error?.message ?? ''}\n`);
      process.exit(1);
    }
  }
  yield `${passed} passed\n`;
}
