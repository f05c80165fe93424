// What an issue's label picker offers: the repository's labels, then the organization's; archived ones left out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Label } from '../../../src/api';
import { labelOptions } from '../../../src/shared/issueOptions';

const label = (id: number, name: string, over: Partial<Label> = {}): Label => ({ id, name, color: 'EE0701', description: '', ...over }) as Label;

describe('issue options', () => {
  it('repository labels first, then organization labels; archived ones are not offered', () => {
    const options = labelOptions([label(1, 'bug'), label(2, 'old', { is_archived: true })], [label(10, 'priority/high', { exclusive: true, description: 'Now', color: '#00FF00' })]);
    assert.deepEqual(options, [
      { id: 1, name: 'bug', color: 'ee0701', description: '', org: false, exclusive: false },
      { id: 10, name: 'priority/high', color: '00ff00', description: 'Now', org: true, exclusive: true },
    ]);
  });
});
