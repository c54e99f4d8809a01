import { describe, expect, it } from 'vitest';
import { autoPlace, moveBy, snap } from '../../../src/widgets/tileLayout.js';

const room = (id: number, code: string) => ({ id, code });

describe('floor plan layout', () => {
  it('puts rooms without a place into the first free cells, around those already placed', () => {
    const placed = autoPlace([
      { row: room(1, '201'), x: 0, y: 0 },
      { row: room(2, '202'), x: null, y: null },
      { row: room(3, '203'), x: 180, y: 0 },
      { row: room(4, '204'), x: null, y: null },
    ]);
    expect(placed.map((p) => [p.row.code, p.x, p.y])).toEqual([
      ['201', 0, 0],
      ['202', 90, 0],
      ['203', 180, 0],
      ['204', 270, 0],
    ]);
  });

  it('starts a new row after twelve rooms', () => {
    const placed = autoPlace(Array.from({ length: 13 }, (_, i) => ({ row: room(i + 1, String(301 + i)), x: null, y: null })));
    expect(placed[11]).toMatchObject({ x: 990, y: 0 });
    expect(placed[12]).toMatchObject({ x: 0, y: 90 });
  });

  it('starts a new row after as many tiles as the plan asks for (a restaurant lines up eight tables)', () => {
    const placed = autoPlace(
      Array.from({ length: 9 }, (_, i) => ({ row: room(i + 1, `T0${i + 1}`), x: null, y: null })),
      8,
    );
    expect(placed[7]).toMatchObject({ x: 630, y: 0 });
    expect(placed[8]).toMatchObject({ x: 0, y: 90 });
  });

  it('snaps a dragged room to half a tile and keeps it on the plan', () => {
    expect(snap(100)).toBe(90);
    expect(snap(114)).toBe(135);
    expect(snap(-30)).toBe(0);
    expect(snap(9999)).toBe(5000);
  });

  it('moves the selected room half a tile with an arrow key, a whole tile with Shift, never off the plan', () => {
    expect(moveBy({ x: 90, y: 90 }, 'ArrowRight', false)).toEqual({ x: 135, y: 90 });
    expect(moveBy({ x: 90, y: 90 }, 'ArrowUp', true)).toEqual({ x: 90, y: 0 });
    expect(moveBy({ x: 0, y: 0 }, 'ArrowLeft', false)).toEqual({ x: 0, y: 0 });
    expect(moveBy({ x: 0, y: 0 }, 'Enter', false)).toBeUndefined();
  });
});
