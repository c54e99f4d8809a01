import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { assignByCredits, type RoomToService } from '../../../server/domain/housekeeping/taskAssignment.js';

const room = (code: string, kind: RoomToService['kind'], credits: string): RoomToService => ({
  roomId: Number(code),
  code,
  floor: code.slice(0, -2),
  kind,
  credits,
});

const creditsOf = (rooms: RoomToService[]) => rooms.reduce((s, r) => s.plus(r.credits), new Decimal(0)).toNumber();

describe('rooms shared among attendants by credits', () => {
  // two floors of the Grand Nusantara Bandung on a Monday: departures 1.5, stay-overs 1, a vacant dirty room 0.5
  const day = [
    room('201', 'departure', '1.5'),
    room('202', 'stay_over', '1'),
    room('203', 'stay_over', '1'),
    room('205', 'departure', '1.5'),
    room('206', 'vacant', '0.5'),
    room('301', 'stay_over', '1'),
    room('302', 'departure', '1.5'),
    room('303', 'stay_over', '1'),
    room('1001', 'stay_over', '1'),
  ];

  it('gives each attendant a run of neighbouring rooms, floor by floor, with shares within one room of each other', () => {
    const shares = assignByCredits([...day].reverse(), [11, 12, 13]);
    const codes = [...shares.values()].map((rooms) => rooms.map((r) => r.code));
    expect(codes.flat()).toEqual(['201', '202', '203', '205', '206', '301', '302', '303', '1001']);
    const loads = [...shares.values()].map(creditsOf);
    expect(loads.reduce((a, b) => a + b)).toBe(10);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1.5);
  });

  it('gives one attendant every room, and nobody rooms when no room needs service', () => {
    expect(assignByCredits(day, [7]).get(7)).toHaveLength(9);
    expect([...assignByCredits([], [7, 8]).values()]).toEqual([[], []]);
  });

  it('counts a departure heavier than a stay-over: two departures weigh as three stay-overs', () => {
    const shares = assignByCredits(
      [
        room('101', 'departure', '1.5'),
        room('102', 'departure', '1.5'),
        room('103', 'stay_over', '1'),
        room('104', 'stay_over', '1'),
        room('105', 'stay_over', '1'),
      ],
      [1, 2],
    );
    expect(shares.get(1)!.map((r) => r.code)).toEqual(['101', '102']);
    expect(shares.get(2)!.map((r) => r.code)).toEqual(['103', '104', '105']);
  });
});
