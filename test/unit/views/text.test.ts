// Server text in tooltips (src/views/text.ts): escaped so it renders literally, label colours validated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duration, escapeMarkdown, firstLine, formatBytes, labelColor } from '../../../src/views/text';

test('Markdown and HTML in server text are escaped', () => {
  assert.equal(escapeMarkdown('<img src=x onerror=alert(1)>'), '&lt;img src\\=x onerror\\=alert\\(1\\)&gt;');
  assert.equal(escapeMarkdown('[click](command:workbench.action.quit)'), '\\[click\\]\\(command\\:workbench\\.action\\.quit\\)');
  assert.equal(escapeMarkdown('**bold** _it_ `code` # h'), '\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\# h');
  // VS Code draws `$(name)` on the HTML after backslash escapes are gone: only an entity keeps the icon out.
  assert.equal(escapeMarkdown('$(alert) icon'), '&#36;\\(alert\\) icon', 'no codicon syntax from the server');
  assert.equal(escapeMarkdown('a & b'), 'a &amp; b');
  assert.equal(escapeMarkdown('line1\nline2'), 'line1  \nline2');
});

test('label colours: 3 or 6 hex digits with or without #, anything else is refused', () => {
  assert.equal(labelColor('ee0701'), '#ee0701');
  assert.equal(labelColor('#EE0701'), '#ee0701');
  assert.equal(labelColor('abc'), '#abc');
  assert.equal(labelColor('red;background:url(x)'), undefined);
  assert.equal(labelColor('12345'), undefined);
  assert.equal(labelColor(undefined), undefined);
});

test('durations, first lines and sizes', () => {
  assert.equal(duration('2024-01-01T00:00:00Z', '2024-01-01T00:01:05Z'), '1m 05s');
  assert.equal(duration('2024-01-01T00:00:00Z', '2024-01-01T00:00:09Z'), '9s');
  assert.equal(duration('1970-01-01T00:00:00Z', '2024-01-01T00:00:09Z'), '', 'a job not started has the epoch as start');
  assert.equal(duration(undefined, '2024-01-01T00:00:09Z'), '');
  assert.equal(firstLine('Fix crash\n\nLong body'), 'Fix crash');
  assert.equal(firstLine(undefined), '');
  assert.equal(formatBytes(512), '512 B');
  assert.equal(formatBytes(1536), '1.5 KiB');
  assert.equal(formatBytes(5 * 1024 * 1024), '5.0 MiB');
});
