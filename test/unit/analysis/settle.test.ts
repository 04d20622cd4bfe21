import { describe, expect, it } from 'vitest';
import { settleHandicap, settleTotal } from '../../../src/analysis/settle.js';

describe('settleHandicap (team goals, opponent goals, team line)', () => {
  it.each([
    // whole and half lines: one stake
    [1, 0, 0, 1],
    [1, 1, 0, 0],
    [0, 1, 0, -1],
    [1, 0, -0.5, 1],
    [1, 1, -0.5, -1],
    [2, 1, -1, 0],
    // quarter lines: two half stakes on the neighbouring lines
    [1, 0, -0.75, 0.5], // -0.5 wins, -1 pushes
    [2, 0, -0.75, 1], // both halves win
    [0, 0, -0.25, -0.5], // 0 pushes, -0.5 loses
    [0, 0, 0.25, 0.5], // 0 pushes, +0.5 wins
    [0, 1, 0.75, -0.5], // +0.5 loses, +1 pushes
    [1, 0, -1.25, -0.5], // -1 pushes, -1.5 loses
  ])('%i-%i at %d settles %d', (team, opponent, line, expected) => {
    expect(settleHandicap(team, opponent, line)).toBe(expected);
  });
});

describe('settleTotal (goals, line) from the over side', () => {
  it.each([
    [3, 2.5, 1],
    [2, 2.5, -1],
    [2, 2, 0],
    [2, 2.25, -0.5], // 2 pushes, 2.5 under
    [2, 1.75, 0.5], // 1.5 over, 2 pushes
    [3, 2.75, 0.5], // 2.5 over, 3 pushes
    [4, 2.75, 1],
  ])('%i goals at %d settles %d', (goals, line, expected) => {
    expect(settleTotal(goals, line)).toBe(expected);
  });
});
