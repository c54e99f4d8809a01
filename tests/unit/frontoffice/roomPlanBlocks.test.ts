import { describe, expect, it } from 'vitest';
import { barSpan, BLOCK, blocksFor } from '../../../src/custom/frontoffice/roomPlanBlocks';

describe('room plan blocks and bars', () => {
  it('asks for the blocks of 50 rooms covering the rows in view, and none for an empty view', () => {
    expect(BLOCK).toBe(50);
    expect(blocksFor(0, 24)).toEqual([0]);
    expect(blocksFor(40, 62)).toEqual([0, 1]);
    expect(blocksFor(275, 299)).toEqual([5]);
    expect(blocksFor(0, -1)).toEqual([]);
  });

  it('clips a stay to the window: Wulan Sari Dewi from 20/11 to 25/11 in a window from 23/11 covers its first two nights', () => {
    expect(barSpan('2026-11-23', 14, '2026-11-20', '2026-11-25')).toEqual({ start: 0, end: 2 });
    expect(barSpan('2026-11-23', 14, '2026-12-05', '2026-12-10')).toEqual({ start: 12, end: 14 });
    expect(barSpan('2026-03-28', 7, '2026-03-29', '2026-03-31')).toEqual({ start: 1, end: 3 });
  });
});
