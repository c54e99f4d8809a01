import { PNG } from 'pngjs';

/**
 * A signature as the tablet's pad sends it: a PNG data URL of dark ink on a transparent ground. `strokes`
 * are polylines in pad pixels; the default is a handwritten-looking scrawl across most of the pad.
 */
export function padPng(strokes: [number, number][][] = [scrawl()], width = 600, height = 240): string {
  const png = new PNG({ width, height });
  const ink = (x: number, y: number) => {
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const i = (py * width + px) * 4;
        png.data[i] = 16;
        png.data[i + 1] = 36;
        png.data[i + 2] = 62;
        png.data[i + 3] = 255;
      }
  };
  for (const s of strokes)
    for (let k = 1; k < s.length; k++) {
      const [[x0, y0], [x1, y1]] = [s[k - 1], s[k]];
      const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
      for (let j = 0; j <= steps; j++) ink(x0 + ((x1 - x0) * j) / steps, y0 + ((y1 - y0) * j) / steps);
    }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

export function scrawl(): [number, number][] {
  return Array.from({ length: 120 }, (_, i) => [60 + i * 4, 120 + Math.sin(i / 5) * 45] as [number, number]);
}
