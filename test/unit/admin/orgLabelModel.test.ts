import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildCreateLabelBody,
  buildEditLabelBody,
  colorSwatchSvg,
  contrastText,
  displayColor,
  exclusiveWarning,
  labelScope,
  normaliseColor,
  validateLabel,
} from '../../../src/commands/admin/orgLabelModel';

test('colours: #RRGGBB normalised, 3-digit expanded, anything else refused', () => {
  assert.equal(normaliseColor('#00AABB'), '#00aabb');
  assert.equal(normaliseColor('00aabb'), '#00aabb');
  assert.equal(normaliseColor('#abc'), '#aabbcc');
  for (const bad of ['', '#12345', '#1234567', 'red', '#gggggg', '##001122']) assert.equal(normaliseColor(bad), undefined, bad);
});

test('server colours (lowercase, no #) are shown with #', () => {
  assert.equal(displayColor('ee0701'), '#ee0701');
  assert.equal(displayColor(undefined), '#cccccc');
});

test('contrast text and swatch', () => {
  assert.equal(contrastText('#000000'), '#ffffff');
  assert.equal(contrastText('ffffff'), '#000000');
  assert.match(colorSwatchSvg('ee0701'), /fill="#ee0701"/);
});

test('scoped labels', () => {
  assert.equal(labelScope('priority/high'), 'priority');
  assert.equal(labelScope('a/b/c'), 'a/b');
  assert.equal(labelScope('plain'), '');
  assert.equal(labelScope('/x'), '');
  assert.equal(labelScope('x/'), '');
  assert.ok(exclusiveWarning('plain', true));
  assert.equal(exclusiveWarning('kind/bug', true), undefined);
  assert.equal(exclusiveWarning('plain', false), undefined);
});

test('create: name and colour required; body normalised; is_archived never sent', () => {
  assert.deepEqual(Object.keys(validateLabel({ name: ' ', color: 'blue' }, true)).sort(), ['color', 'name']);
  assert.deepEqual(buildCreateLabelBody({ name: ' kind/bug ', color: 'EE0701', description: 'Broken', exclusive: true, is_archived: true }), {
    name: 'kind/bug',
    color: '#ee0701',
    description: 'Broken',
    exclusive: true,
  });
});

test('edit keeps is_archived: true when only the colour changes', () => {
  const current = { id: 3, name: 'kind/bug', color: 'ee0701', description: 'Broken', exclusive: true, is_archived: true };
  assert.deepEqual(buildEditLabelBody(current, { color: '#00AABB' }), { is_archived: true, color: '#00aabb' });
  assert.deepEqual(buildEditLabelBody(current, {}), { is_archived: true });
  assert.deepEqual(buildEditLabelBody(current, { color: '#EE0701', name: 'kind/bug' }), { is_archived: true });
});

test('edit sends is_archived: false for a live label and the changed value when archiving', () => {
  const current = { id: 4, name: 'docs', color: '0075ca' };
  assert.deepEqual(buildEditLabelBody(current, { description: 'Docs' }), { is_archived: false, description: 'Docs' });
  assert.deepEqual(buildEditLabelBody(current, { is_archived: true, exclusive: false }), { is_archived: true });
  assert.deepEqual(buildEditLabelBody(current, { exclusive: true, name: 'area/docs' }), { is_archived: false, exclusive: true, name: 'area/docs' });
});
