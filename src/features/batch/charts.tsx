// Small SVG charts for the batch plots; each is a plain <svg> so it exports as SVG or PNG as drawn.
import { forwardRef } from 'react';

export const SERIES_COLORS = ['#1f5fbf', '#d97a00', '#1e8a4c', '#8a3ab9'] as const;
const color = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length] as string;
const W = 460;
const H = 240;
const M = { l: 44, r: 12, t: 14, b: 34 };

interface LineProps {
  title: string;
  xLabel: string;
  series: { name: string; points: { x: number; y: number }[] }[];
  logX?: boolean;
}

export const LineChart = forwardRef<SVGSVGElement, LineProps>(function LineChart({ title, xLabel, series, logX }, ref) {
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const maxX = Math.max(1, ...xs);
  const fx = (x: number) => M.l + ((logX ? Math.log(x) / Math.log(maxX || 2) : (x - 1) / Math.max(1, maxX - 1)) * (W - M.l - M.r));
  const fy = (y: number) => H - M.b - y * (H - M.t - M.b);
  const ticks = logX ? [1, 2, 5, 10, 20, 50, 100, 200].filter((t) => t <= maxX) : [1, Math.round(maxX / 2), maxX];
  return (
    <svg ref={ref} xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={title} className="plot" fontFamily="system-ui, sans-serif" fontSize="11">
      <rect width={W} height={H} fill="#fff" />
      {[0, 0.25, 0.5, 0.75, 1].map((y) => (
        <g key={y}>
          <line x1={M.l} x2={W - M.r} y1={fy(y)} y2={fy(y)} stroke="#e3e6ea" />
          <text x={M.l - 6} y={fy(y) + 4} textAnchor="end" fill="#5b6470">
            {y.toFixed(2)}
          </text>
        </g>
      ))}
      {ticks.map((t) => (
        <text key={t} x={fx(t)} y={H - M.b + 14} textAnchor="middle" fill="#5b6470">
          {t}
        </text>
      ))}
      <text x={(W + M.l) / 2} y={H - 4} textAnchor="middle" fill="#1b1f24">
        {xLabel}
      </text>
      {series.map((s, i) => (
        <g key={s.name}>
          <path d={s.points.filter((p) => Number.isFinite(p.y)).map((p, j) => `${j ? 'L' : 'M'}${fx(p.x).toFixed(1)},${fy(p.y).toFixed(1)}`).join('')} fill="none" stroke={color(i)} strokeWidth={2} />
          {s.points.length <= 12 && s.points.map((p) => <circle key={p.x} cx={fx(p.x)} cy={fy(p.y)} r={3} fill={color(i)} />)}
          <text x={M.l + 8} y={M.t + 12 + i * 14} fill={color(i)} fontWeight={700}>
            {s.name}
          </text>
        </g>
      ))}
    </svg>
  );
});

interface BarProps {
  title: string;
  groups: { label: string; values: { name: string; value: number }[] }[];
  max?: number;
}

export const BarChart = forwardRef<SVGSVGElement, BarProps>(function BarChart({ title, groups, max = 1 }, ref) {
  const names = [...new Set(groups.flatMap((g) => g.values.map((v) => v.name)))];
  const gw = (W - M.l - M.r) / Math.max(1, groups.length);
  const bw = Math.min(36, (gw - 12) / Math.max(1, names.length));
  const fy = (y: number) => H - M.b - (y / max) * (H - M.t - M.b);
  return (
    <svg ref={ref} xmlns="http://www.w3.org/2000/svg" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={title} className="plot" fontFamily="system-ui, sans-serif" fontSize="11">
      <rect width={W} height={H} fill="#fff" />
      {[0, 0.5, 1].map((f) => (
        <g key={f}>
          <line x1={M.l} x2={W - M.r} y1={fy(f * max)} y2={fy(f * max)} stroke="#e3e6ea" />
          <text x={M.l - 6} y={fy(f * max) + 4} textAnchor="end" fill="#5b6470">
            {max === 1 ? (f * max).toFixed(1) : Math.round(f * max)}
          </text>
        </g>
      ))}
      {groups.map((g, gi) => {
        const x0 = M.l + gi * gw + (gw - bw * names.length) / 2;
        return (
          <g key={g.label}>
            {g.values.map((v) => {
              const i = names.indexOf(v.name);
              const y = Number.isFinite(v.value) ? v.value : 0;
              return (
                <rect key={v.name} x={x0 + i * bw} y={fy(y)} width={bw - 2} height={H - M.b - fy(y)} fill={color(i)}>
                  <title>{`${g.label} · ${v.name}: ${Number.isFinite(v.value) ? v.value.toFixed(3) : 'n/a'}`}</title>
                </rect>
              );
            })}
            <text x={M.l + gi * gw + gw / 2} y={H - M.b + 14} textAnchor="middle" fill="#1b1f24">
              {g.label}
            </text>
          </g>
        );
      })}
      {names.length > 1 && names.map((n, i) => (
        <text key={n} x={W - M.r - 4} y={M.t + 12 + i * 14} textAnchor="end" fill={color(i)} fontWeight={700}>
          {n}
        </text>
      ))}
    </svg>
  );
});
