import { describe, expect, it } from 'vitest';
import { overviewLayout, OVERVIEW } from '../../src/custom/frontoffice/roomPlanOverview.js';
import { oooSpan } from '../../src/custom/frontoffice/roomPlanBlocks.js';

describe('the room plan overview (all rooms)', () => {
  it('folds the 120 rooms of Grand Nusantara Bandung into panels that fit a 1366×800 screen at a readable row height', () => {
    const l = overviewLayout(120, 1100, 540, 14);
    expect(l.panels * l.rowsPerPanel).toBeGreaterThanOrEqual(120);
    expect(OVERVIEW.head + l.rowsPerPanel * l.row).toBeLessThanOrEqual(540);
    expect(l.row).toBeGreaterThanOrEqual(OVERVIEW.minRow);
    expect(l.panels * (OVERVIEW.roomCol + 14 * l.day) + (l.panels - 1) * OVERVIEW.gap).toBeLessThanOrEqual(1100);
  });

  it('keeps one panel with comfortable rows for the 16 rooms of the Bali resort', () => {
    expect(overviewLayout(16, 1100, 540, 14)).toMatchObject({ panels: 1, rowsPerPanel: 16, row: OVERVIEW.maxRow });
  });

  it('never makes nights narrower than can be clicked: a 300-room hotel scrolls instead', () => {
    const l = overviewLayout(300, 1100, 540, 30);
    expect(l.day).toBeGreaterThanOrEqual(OVERVIEW.minDay);
    expect(l.panels).toBe(2);
    expect(l.row).toBe(OVERVIEW.minRow);
    expect(OVERVIEW.head + l.rowsPerPanel * l.row).toBeGreaterThan(540);
  });
});

describe('an out-of-order span on the plan', () => {
  it('runs to the end of the window when the room has no return date, and is clipped to the window otherwise', () => {
    expect(oooSpan('2026-11-23', 14, '2026-11-20', null)).toEqual({ start: 0, end: 14 });
    expect(oooSpan('2026-11-23', 14, '2026-11-25', '2026-11-27')).toEqual({ start: 2, end: 4 });
    expect(oooSpan('2026-11-23', 14, '2026-12-20', '2026-12-22').start).toBeGreaterThanOrEqual(14);
  });
});
