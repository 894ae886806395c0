// Small SVG charts for the batch plots; each is a plain <svg> so it exports as SVG or PNG as drawn.
import { createContext, forwardRef, useContext, type ReactNode } from 'react';

/** Twelve colours a reader tells apart (a colour-blind-safe set first), so up to 12 series never share one. */
export const SERIES_COLORS = [
  '#1f5fbf',
  '#d97a00',
  '#1e8a4c',
  '#8a3ab9',
  '#c0392b',
  '#0e9aa7',
  '#7f6000',
  '#e377c2',
  '#4d4d4d',
  '#9acd32',
  '#17becf',
  '#8c564b',
] as const;
const color = (i: number) => SERIES_COLORS[i % SERIES_COLORS.length] as string;

/** A series' colour by its place in the page's `order`, so a lane keeps its colour from plot to plot. */
export function seriesColor(order: readonly string[] | null, name: string, i: number): string {
  const at = order ? order.indexOf(name) : -1;
  return color(at >= 0 ? at : (order?.length ?? 0) + i);
}

/** Bars of a lone series that is no lane. */
const NEUTRAL = '#6b7785';

const SeriesOrder = createContext<readonly string[] | null>(null);

/** Gives every chart inside the page-wide order of series names, so their colours agree. */
export function SeriesColors({ names, children }: { names: readonly string[]; children: ReactNode }) {
  return <SeriesOrder.Provider value={names}>{children}</SeriesOrder.Provider>;
}
const W = 460;
const H = 240;
const M = { l: 48, r: 12, t: 16, b: 46 };
/** Chart text: 13 px in the exported SVG (it scales with the card on screen). */
const FONT = 13;

/** Shares (0..1) as percentages everywhere: axes, bar labels and tooltips; counts as integers. */
export type Unit = 'percent' | 'count';
export const formatValue = (v: number, unit: Unit) =>
  !Number.isFinite(v) ? 'n/a' : unit === 'percent' ? `${Math.round(v * 100)}%` : String(Math.round(v));

/** Axis values: 0, half and the top for shares; whole numbers only, each once, for counts (never "0, 1, 1"). */
export function axisTicks(max: number, unit: Unit): number[] {
  if (unit === 'percent') return [0, max / 2, max];
  return [...new Set([0, Math.round(max / 2), Math.round(max)])].filter((t) => t <= max);
}

/** Splits a long axis label into lines of at most `max` characters, so neighbouring labels never overlap. */
function wrapLabel(label: string, max = 14): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word.length > max ? `${word.slice(0, max - 1)}…` : word);
  }
  return lines.slice(0, 3);
}

/** Approximate width of chart text (system-ui digits and "%" run at about 0.6 em). */
const textWidth = (text: string, fontSize: number) => text.length * fontSize * 0.6;

/**
 * How the value labels over bars of width `bw` are drawn: horizontal when the widest fits its bar,
 * else turned upright (one bar wide at most), so labels of neighbouring bars never overlap.
 */
export function valueLabelLayout(bw: number, labels: readonly string[]): { fontSize: number; upright: boolean } {
  const fontSize = bw < 24 ? 10 : FONT - 1;
  const widest = Math.max(0, ...labels.map((l) => textWidth(l, fontSize)));
  return { fontSize, upright: widest > bw - 2 };
}

/** A chart's <svg>: its title as the accessible name, a white ground and the chart font. */
const ChartSvg = forwardRef<SVGSVGElement, { title: string; height: number; children: ReactNode }>(function ChartSvg(
  { title, height, children },
  ref,
) {
  return (
    <svg
      ref={ref}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${W} ${height}`}
      width={W}
      height={height}
      role="img"
      aria-label={title}
      className="plot"
      fontFamily="system-ui, sans-serif"
      fontSize={FONT}
    >
      <rect width={W} height={height} fill="#fff" />
      {children}
    </svg>
  );
});

/** Horizontal grid lines at the ticks, each with its value on the left axis. */
function YGrid({ ticks, fy, unit }: { ticks: readonly number[]; fy: (y: number) => number; unit: Unit }) {
  return ticks.map((t) => (
    <g key={t}>
      <line x1={M.l} x2={W - M.r} y1={fy(t)} y2={fy(t)} stroke="#e3e6ea" />
      <text x={M.l - 6} y={fy(t) + 4} textAnchor="end" fill="#5b6470">
        {formatValue(t, unit)}
      </text>
    </g>
  ));
}

interface LineProps {
  title: string;
  xLabel: string;
  series: { name: string; points: { x: number; y: number }[] }[];
  logX?: boolean;
}

export const LineChart = forwardRef<SVGSVGElement, LineProps>(function LineChart({ title, xLabel, series, logX }, ref) {
  const order = useContext(SeriesOrder);
  const colorOf = (name: string, i: number) => seriesColor(order, name, i);
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const maxX = Math.max(1, ...xs);
  const fx = (x: number) =>
    M.l + (logX ? Math.log(x) / Math.log(maxX || 2) : (x - 1) / Math.max(1, maxX - 1)) * (W - M.l - M.r);
  const fy = (y: number) => H - M.b - y * (H - M.t - M.b);
  const ticks = logX ? [1, 2, 5, 10, 20, 50, 100, 200].filter((t) => t <= maxX) : [1, Math.round(maxX / 2), maxX];
  return (
    <ChartSvg ref={ref} title={title} height={H}>
      <YGrid ticks={[0, 0.25, 0.5, 0.75, 1]} fy={fy} unit="percent" />
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
          <path
            d={s.points
              .filter((p) => Number.isFinite(p.y))
              .map((p, j) => `${j ? 'L' : 'M'}${fx(p.x).toFixed(1)},${fy(p.y).toFixed(1)}`)
              .join('')}
            fill="none"
            stroke={colorOf(s.name, i)}
            strokeWidth={2}
          />
          {s.points.length <= 12 &&
            s.points.map((p) => <circle key={p.x} cx={fx(p.x)} cy={fy(p.y)} r={3} fill={colorOf(s.name, i)} />)}
          <text x={M.l + 8} y={M.t + 12 + i * 14} fill={colorOf(s.name, i)} fontWeight={700}>
            {s.name}
          </text>
        </g>
      ))}
    </ChartSvg>
  );
});

interface BarProps {
  title: string;
  groups: { label: string; values: { name: string; value: number }[] }[];
  max?: number;
  /** Values are shares (0..1, shown as %) or counts; default: shares. */
  unit?: Unit;
}

export const BarChart = forwardRef<SVGSVGElement, BarProps>(function BarChart(
  { title, groups, max = 1, unit = 'percent' },
  ref,
) {
  const names = [...new Set(groups.flatMap((g) => g.values.map((v) => v.name)))];
  const order = useContext(SeriesOrder);
  // A lone series that is no lane (complementarity's question counts) is drawn in a neutral grey, not in
  // a colour a lane could be taken for.
  const colorOf = (name: string, i: number) =>
    names.length === 1 && order !== null && !order.includes(name) ? NEUTRAL : seriesColor(order, name, i);
  const gw = (W - M.l - M.r) / Math.max(1, groups.length);
  const bw = Math.min(36, (gw - 12) / Math.max(1, names.length));
  // The legend sits above the plot area (its own rows), so with several series (models x regimes) it never covers a bar.
  const legend = names.length > 1 ? names.length * 14 : 0;
  const valueTexts = groups.flatMap((g) => g.values.map((v) => formatValue(v.value, unit)));
  const labels = valueLabelLayout(bw, valueTexts);
  // Upright labels need room above the tallest bar.
  const headroom = labels.upright ? Math.ceil(Math.max(0, ...valueTexts.map((t) => textWidth(t, labels.fontSize)))) : 0;
  const H2 = H + legend + headroom;
  const fy = (y: number) => H2 - M.b - (y / max) * (H - M.t - M.b);
  return (
    <ChartSvg ref={ref} title={title} height={H2}>
      <YGrid ticks={axisTicks(max, unit)} fy={fy} unit={unit} />
      {groups.map((g, gi) => {
        const x0 = M.l + gi * gw + (gw - bw * names.length) / 2;
        return (
          <g key={g.label}>
            {g.values.map((v) => {
              const i = names.indexOf(v.name);
              const exists = Number.isFinite(v.value);
              // A zero still gets a visible sliver and its label, so "all zero" is drawn, not blank; a value
              // that does not exist (n/a) gets no bar at all, only its label on the axis.
              const top = exists ? Math.min(fy(v.value), H2 - M.b - 2) : H2 - M.b;
              const cx = x0 + i * bw + (bw - 2) / 2;
              return (
                <g key={v.name} data-testid="bar" data-value={formatValue(v.value, unit)}>
                  <rect
                    x={x0 + i * bw}
                    y={top}
                    width={bw - 2}
                    height={H2 - M.b - top}
                    fill={exists ? colorOf(v.name, i) : 'none'}
                  >
                    <title>{`${g.label} · ${v.name}: ${formatValue(v.value, unit)}`}</title>
                  </rect>
                  <text
                    x={cx}
                    y={top - 3}
                    textAnchor={labels.upright ? 'start' : 'middle'}
                    dominantBaseline={labels.upright ? 'middle' : undefined}
                    transform={labels.upright ? `rotate(-90 ${cx} ${top - 3})` : undefined}
                    fill={exists ? '#1b1f24' : '#5b6470'}
                    fontSize={labels.fontSize}
                  >
                    {formatValue(v.value, unit)}
                  </text>
                </g>
              );
            })}
            <text
              x={M.l + gi * gw + gw / 2}
              y={H2 - M.b + 15}
              textAnchor="middle"
              fill="#1b1f24"
              data-testid="bar-label"
            >
              {wrapLabel(g.label, Math.max(3, Math.floor((gw - 6) / 8.5))).map((line, li) => (
                <tspan key={li} x={M.l + gi * gw + gw / 2} dy={li === 0 ? 0 : FONT + 1}>
                  {line}
                </tspan>
              ))}
            </text>
          </g>
        );
      })}
      {names.length > 1 &&
        names.map((n, i) => (
          <text key={n} x={W - M.r - 4} y={12 + i * 14} textAnchor="end" fill={colorOf(n, i)} fontWeight={700}>
            {n}
          </text>
        ))}
    </ChartSvg>
  );
});
