import { useMemo } from 'react';

export interface ChartSeries {
  name: string;
  values: number[];
}

const PALETTE = ['#2f6fb2', '#2a9d6f', '#e0a020', '#c0504d', '#7a5cc4', '#2aa3b8', '#8a9199', '#d46a9f'];
const W = 720;
const H = 260;
const PAD = { top: 14, right: 14, bottom: 46, left: 64 };

/** Round axis steps (1, 2, 2.5, 5 × 10ⁿ; whole numbers for counts) so the scale reads like a person drew it. */
function scale(max: number): { top: number; step: number } {
  if (max <= 0) return { top: 1, step: 0.25 };
  const raw = max / 4;
  const pow = 10 ** Math.floor(Math.log10(raw));
  let step = ([1, 2, 2.5, 5, 10].find((s) => s * pow >= raw) ?? 10) * pow;
  if (Number.isInteger(max) && step < 1) step = 1;
  return { top: Math.ceil(max / step) * step, step };
}

function short(v: number) {
  const a = Math.abs(v);
  if (a >= 1e9) return `${+(v / 1e9).toFixed(1)} M`;
  if (a >= 1e6) return `${+(v / 1e6).toFixed(1)} jt`;
  if (a >= 1e3) return `${+(v / 1e3).toFixed(1)} rb`;
  return String(+v.toFixed(2));
}

/**
 * A small SVG chart (bar, line or pie) for reports and dashboards. Geometry only: the figures a
 * reader relies on are in the table beside it, exact; here floats only place pixels.
 */
export function Chart({
  type,
  labels,
  series,
  title,
  format,
}: {
  type: 'bar' | 'line' | 'pie';
  labels: string[];
  series: ChartSeries[];
  title: string;
  /** a value (or a slice's share in percent) as the reader writes numbers, for the tooltips */
  format(v: number, as: 'value' | 'percent'): string;
}) {
  const legend = (
    <div className="chart-legend">
      {(type === 'pie' ? labels : series.map((s) => s.name)).map((name, i) => (
        <span key={`${name}-${i}`}>
          <i style={{ background: PALETTE[i % PALETTE.length] }} />
          {name}
        </span>
      ))}
    </div>
  );
  const body = useMemo(() => {
    if (type === 'pie') return <Pie labels={labels} values={series[0]?.values ?? []} format={format} />;
    return <Axes type={type} labels={labels} series={series} format={format} />;
  }, [type, labels, series, format]);
  return (
    <figure className="chart" aria-label={title}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title}>
        {body}
      </svg>
      {legend}
    </figure>
  );
}

type Format = (v: number, as: 'value' | 'percent') => string;

function Axes({ type, labels, series, format }: { type: 'bar' | 'line'; labels: string[]; series: ChartSeries[]; format: Format }) {
  const { top: max, step } = scale(Math.max(0, ...series.flatMap((s) => s.values)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const band = innerW / Math.max(1, labels.length);
  const y = (v: number) => PAD.top + innerH - (Math.max(0, v) / max) * innerH;
  const every = Math.ceil(labels.length / 12);
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, i) => i * step);
  return (
    <g>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#e4e8ee" />
          <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" fontSize="11" fill="#7b8794">
            {short(v)}
          </text>
        </g>
      ))}
      {labels.map((l, i) =>
        i % every === 0 ? (
          <text key={i} x={PAD.left + band * (i + 0.5)} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="11" fill="#52606d">
            {l.length > 14 ? `${l.slice(0, 13)}…` : l}
          </text>
        ) : null,
      )}
      {type === 'bar'
        ? series.map((s, si) => {
            // bars stay slim when there are few categories
            const w = Math.min(band * 0.7, 56 * series.length) / series.length;
            const start = (band - w * series.length) / 2;
            return s.values.map((v, i) => (
              <rect
                key={`${si}-${i}`}
                x={PAD.left + band * i + start + w * si}
                y={y(v)}
                width={Math.max(1, w - 1)}
                height={PAD.top + innerH - y(v)}
                fill={PALETTE[si % PALETTE.length]}
                rx="2"
              >
                <title>{`${labels[i]}: ${format(v, 'value')}`}</title>
              </rect>
            ));
          })
        : series.map((s, si) => (
            <polyline
              key={si}
              fill="none"
              stroke={PALETTE[si % PALETTE.length]}
              strokeWidth="2.5"
              points={s.values.map((v, i) => `${PAD.left + band * (i + 0.5)},${y(v)}`).join(' ')}
            />
          ))}
    </g>
  );
}

function Pie({ labels, values, format }: { labels: string[]; values: number[]; format: Format }) {
  const total = values.reduce((a, b) => a + Math.max(0, b), 0) || 1;
  const cx = W / 2;
  const cy = H / 2;
  const r = H / 2 - 16;
  let angle = -Math.PI / 2;
  return (
    <g>
      {values.map((v, i) => {
        const share = Math.max(0, v) / total;
        const a0 = angle;
        angle += share * Math.PI * 2;
        const large = share > 0.5 ? 1 : 0;
        const p0 = [cx + r * Math.cos(a0), cy + r * Math.sin(a0)];
        const p1 = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
        const d =
          share >= 0.9999
            ? `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`
            : `M ${cx} ${cy} L ${p0[0]} ${p0[1]} A ${r} ${r} 0 ${large} 1 ${p1[0]} ${p1[1]} Z`;
        return (
          <path key={i} d={d} fill={PALETTE[i % PALETTE.length]} stroke="#fff" strokeWidth="1.5">
            <title>{`${labels[i]}: ${format(v, 'value')} (${format(share * 100, 'percent')})`}</title>
          </path>
        );
      })}
    </g>
  );
}
