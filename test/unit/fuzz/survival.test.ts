// Every parser and formatter of the fuzz targets (targets.ts) takes hostile text of every shape, up to 1 MiB,
// without throwing: a RangeError from a spread, a stack overflow from deep nesting or a parser's own exception would
// leave a view, a page or a poll without its answer. The files beside this one check what each one makes of it.
import { test } from 'node:test';
import { checkHostile, hostileText } from './hostile';
import { FUZZ_TARGETS } from './targets';

// An unbudgeted target repeats others' entry points (an earlier measure kept for the bench): not run twice here.
for (const target of FUZZ_TARGETS.filter((t) => !t.unbudgeted)) {
  test(`fuzz: ${target.name} (${target.source}) take hostile text up to 1 MiB without throwing`, () => {
    checkHostile((size) => hostileText(target.tokens, size), (text) => {
      target.run(text);
    });
  });
}
