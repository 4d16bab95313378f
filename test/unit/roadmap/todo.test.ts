import { describe, expect, it } from 'vitest';
import { regroupTodo } from '../../../src/roadmap/todo.js';

describe('regroupTodo', () => {
  it('starts a step at each authored number or bullet and keeps the markers', () => {
    expect(regroupTodo(['1. Pick', '2) Record', '- check', '* note', '+ plus'])).toEqual([
      '1. Pick',
      '2) Record',
      '- check',
      '* note',
      '+ plus',
    ]);
  });

  it('appends a line without a marker to the step before it', () => {
    expect(regroupTodo(['1. Pick the name', 'carefully.', '2. Record it'])).toEqual([
      '1. Pick the name carefully.',
      '2. Record it',
    ]);
  });

  it('never renumbers: authored 3. then 1. stay as written', () => {
    expect(regroupTodo(['3. last', '1. first'])).toEqual(['3. last', '1. first']);
  });

  it('lets the first line start a step even without a marker', () => {
    expect(regroupTodo(['Run the sweep', '- then check'])).toEqual(['Run the sweep', '- then check']);
  });

  it('needs whitespace after the marker: 1.5x and -flag continue the step', () => {
    expect(regroupTodo(['go', '1.5x faster', '-flag'])).toEqual(['go 1.5x faster -flag']);
  });

  it('gives no steps for no lines', () => {
    expect(regroupTodo([])).toEqual([]);
  });
});
