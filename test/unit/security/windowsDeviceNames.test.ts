// An artifact's name is the server's and becomes a file name: Windows opens a device, not a file, for CON, PRN, AUX,
// NUL, COM0-9, LPT0-9 (and COM¹²³, LPT¹²³: Windows counts the superscripts as digits), CONIN$ and CONOUT$, in any
// case and with any extension. Such a name gets a `_` before it; any other name is kept.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { artifactFileName, isWindowsDeviceName } from '../../../src/shared/artifactDownload';

const DEVICES = ['CON', 'PRN', 'AUX', 'NUL', 'CONIN$', 'CONOUT$', ...[...'0123456789¹²³'].flatMap((d) => [`COM${d}`, `LPT${d}`])];

describe('Windows device names', () => {
  it('every device name is one, in any case, with any extension or a space or dot after it', () => {
    for (const d of DEVICES) {
      for (const name of [d, d.toLowerCase(), `${d[0]}${d.slice(1).toLowerCase()}`, `${d}.tar`, `${d}.tar.gz`, `${d}.`, `${d} `, `${d} .txt`]) {
        assert.equal(isWindowsDeviceName(name), true, name);
      }
    }
  });

  it('the issue\'s names: COM¹ and LPT².tar', () => {
    assert.equal(isWindowsDeviceName('COM¹'), true);
    assert.equal(isWindowsDeviceName('LPT².tar'), true);
    assert.equal(artifactFileName('COM¹', 1), '_COM¹.zip');
    assert.equal(artifactFileName('LPT².tar', 1), '_LPT².tar.zip');
    assert.equal(artifactFileName('lpt³.zip', 1), '_lpt³.zip');
    assert.equal(artifactFileName('nul.tar.gz', 1), '_nul.tar.gz.zip');
  });

  it('names that only begin or end like a device, or use another digit, are kept', () => {
    for (const name of ['CONSOLE', 'xCON', 'CON1', 'COM', 'LPT', 'COM10', 'LPT⁴', 'COM¼', 'COM١', 'AUXILIARY.txt', 'NULL', 'PRNx.tar', 'my-CON', 'CONIN', 'CONOUT', 'CON_', 'CON-1.zip', 'report', '']) {
      assert.equal(isWindowsDeviceName(name), false, name);
    }
    assert.equal(artifactFileName('COM10', 1), 'COM10.zip');
    assert.equal(artifactFileName('console-logs', 1), 'console-logs.zip');
  });
});
