import { useRef } from 'react';
import { moveBy, snap } from './tileLayout';

/**
 * Moving tiles on a plan by pointer (mouse, pen or finger, snapped to the grid) or by arrow keys (Shift for a
 * whole pitch). `place` receives each new position; nothing moves while `enabled` is false.
 */
export function useTileDrag(place: (id: number, x: number, y: number) => void, enabled: boolean) {
  const drag = useRef<{ id: number; dx: number; dy: number }>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const onPointerUp = () => {
    drag.current = null;
  };
  return {
    canvas,
    canvasHandlers: {
      onPointerMove(e: React.PointerEvent) {
        const d = drag.current;
        if (!d) return;
        const box = canvas.current!.getBoundingClientRect();
        place(d.id, snap(e.clientX - box.left - d.dx), snap(e.clientY - box.top - d.dy));
      },
      onPointerUp,
      onPointerCancel: onPointerUp,
    },
    /** Starts dragging the tile `id` that stands at `at`. */
    grab(e: React.PointerEvent, id: number, at: { x: number; y: number }) {
      if (!enabled || e.button !== 0) return;
      const box = canvas.current!.getBoundingClientRect();
      drag.current = { id, dx: e.clientX - box.left - at.x, dy: e.clientY - box.top - at.y };
      (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    },
    /** Moves the tile by an arrow key; true when the key moved it. */
    nudge(e: React.KeyboardEvent, id: number, at: { x: number; y: number }) {
      if (!enabled) return false;
      const next = moveBy(at, e.key, e.shiftKey);
      if (!next) return false;
      e.preventDefault();
      place(id, next.x, next.y);
      return true;
    },
  };
}
