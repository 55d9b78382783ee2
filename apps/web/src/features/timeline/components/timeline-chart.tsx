// biome-ignore-all lint/a11y/noAriaHiddenOnFocusable: SVG shapes (g, rect, text) are neither focusable nor interactive unless given tabIndex; Biome's element tables take them for HTML ones
// biome-ignore-all lint/a11y/noInteractiveElementToNoninteractiveRole: as above, a <g> or <rect> is no interactive element
// biome-ignore-all lint/a11y/useSemanticElements: an SVG group or bar cannot be a <fieldset> or a <button>; it takes the role, focus and keys
import { telemetryScreenMessages } from '@portal/contract/telemetry-messages';
import { addDays, factoryDate, startOfFactoryDay } from '@portal/contract/time';
import {
  arcInRunning,
  spansSince,
  type TimelineArc,
  type TimelineDrawnBar,
  type TimelineResponse,
  timelineMessages,
  withRunning,
  workedSpans,
} from '@portal/contract/timeline';
import { type CSSProperties, type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { formatDateTime, formatPlainDate, formatTime } from '@/lib/dates';
import { ARC_COLOR, barColor } from './timeline-colors';

const LABEL = 150;
const WIDTH = 1000;
/**
 * Below this width on screen (a phone), the chart is drawn in the screen's own pixels rather than
 * scaled down from LABEL + WIDTH: a row's name stays 12 px and its bars 22 px high, where at 360 px the
 * scaled chart drew them at about 4 and 7 px. Print always takes the wide chart (one A4 page).
 */
const NARROW = 760;
const NARROW_LABEL = 100;
const AXIS = 34;
/** An arc-on stretch is drawn inside its 'En marcha' bar, this far from its top and bottom. */
const ARC_INSET = 6;
const ROW = 22;
const GAP = 4;
const HOUR = 3600_000;
/**
 * The chart's height in print, in the SVG's units (the width is LABEL + WIDTH + 10 = 1160, the
 * width of an A4 landscape page): rows scale down to fit it, so a nave of dozens of arcos prints on
 * one page with its heading and legend (docs/decisions/049-stops-csv-by-shift.md).
 */
const PRINT_HEIGHT = 600;

/**
 * The CSS variables of the rows' placement (styles.css, '.timeline-chart'): the first row's top and a
 * row's middle; on screen a row every ROW + GAP units (the stylesheet's default); in print, rows closer
 * together and thinner, the label smaller, and the SVG's proportions those of the shorter chart.
 */
function rowGeometry(rows: number, width: number): CSSProperties {
  const pitch = Math.min(ROW + GAP, (PRINT_HEIGHT - AXIS - GAP) / Math.max(rows, 1));
  return {
    '--timeline-top': `${AXIS + GAP}px`,
    '--timeline-middle': `${ROW / 2}px`,
    '--timeline-print-pitch': `${pitch}px`,
    '--timeline-print-scale': pitch / (ROW + GAP),
    '--timeline-print-font': `${Math.min(12, pitch * 0.8)}px`,
    '--timeline-print-ratio': `${width} / ${AXIS + GAP + rows * pitch}`,
  } as CSSProperties;
}

/** A bar opened: a parada's (read from the server), or an arc-on stretch's (all it says is in the answer). */
export type OpenBar =
  | { arco: string; paradaId: number; arcoId?: undefined; arc?: undefined }
  | { arco: string; paradaId?: undefined; arcoId: number; arc: TimelineArc };

/** What an arc-on stretch says to a screen reader and in its tooltip (each drawn part of it): its arco and times. */
export function arcText(arco: string, [start, end]: TimelineArc, tz: string): string {
  return `${arco}: ${timelineMessages.arcOn}, ${formatDateTime(new Date(start).toISOString(), tz)}–${formatTime(new Date(end).toISOString(), tz)}`;
}

/** An arc time as weld telemetry's screens write it: '12 min 05 s', '45 s', '1 h 02 min'. */
export const arcDuration = (ms: number): string => telemetryScreenMessages.duration(ms / 1000);

/** What a bar says to a screen reader and in its tooltip: its arco, kind, motivo and times. */
export function barText(
  arco: string,
  [kind, start, end, , motivoId, open]: TimelineDrawnBar,
  motivos: Map<number, string>,
  tz: string,
): string {
  const motivo =
    kind === 'stopped' || kind === 'planned' ? `, ${(motivoId !== null && motivos.get(motivoId)) || timelineMessages.noMotivo}` : '';
  const running = open ? ` (${timelineMessages.open})` : '';
  return `${arco}: ${timelineMessages.kinds[kind]}${motivo}, ${formatDateTime(new Date(start).toISOString(), tz)}–${formatTime(new Date(end).toISOString(), tz)}${running}`;
}

/**
 * The axis' ticks: hours over a shift, two hours over a day, the factory's midnights over a week; on a
 * narrow chart every two hours over a shift and every four over a day, so the labels never touch.
 */
function ticks(from: number, to: number, tz: string, narrow = false): { at: number; label: string }[] {
  const span = to - from;
  if (span > 36 * HOUR) {
    const out: { at: number; label: string }[] = [];
    for (let date = factoryDate(from, tz); ; date = addDays(date, 1)) {
      const at = Date.parse(startOfFactoryDay(date, tz));
      if (at >= to) break;
      if (at >= from) out.push({ at, label: formatPlainDate(date).slice(0, 5) });
    }
    return out;
  }
  const every = (span > 12 * HOUR ? 2 : 1) * (narrow ? 2 : 1);
  const out: { at: number; label: string }[] = [];
  for (let at = Math.ceil(from / HOUR) * HOUR; at < to; at += HOUR) {
    const label = formatTime(new Date(at).toISOString(), tz);
    if (Number(label.slice(0, 2)) % every === 0) out.push({ at, label });
  }
  return out;
}

/**
 * One row per arco of bars on a time axis, in plain SVG: stopped bars coloured by motivo, open ones
 * striped, the shift boundaries drawn. A parada's bar is a button (Enter or Space opens it); every
 * bar has its text (aria-label and a tooltip).
 */
/** The chart's width on screen, or null for the wide chart (not measured yet, wide enough, or printing). */
function useNarrowWidth() {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  // A page loaded for print (or under print emulation) starts wide.
  const [printing, setPrinting] = useState(() => window.matchMedia('print').matches);
  useEffect(() => {
    const svg = ref.current;
    if (!svg) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry.contentRect.width)));
    observer.observe(svg);
    // The print layout comes right after 'beforeprint': the wide chart is drawn synchronously for it.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    const media = window.matchMedia('print');
    const change = (event: MediaQueryListEvent) => (event.matches ? before() : after());
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    media.addEventListener('change', change);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media.removeEventListener('change', change);
    };
  }, []);
  return { ref, narrow: !printing && width !== null && width > 0 && width < NARROW ? width : null };
}

export function TimelineChart({ data, tz, onOpen }: { data: TimelineResponse; tz: string; onOpen: (open: OpenBar) => void }) {
  const { ref, narrow } = useNarrowWidth();
  const label = narrow === null ? LABEL : NARROW_LABEL;
  const span = narrow === null ? WIDTH : narrow - NARROW_LABEL - 10;
  const from = Date.parse(data.from);
  const to = Date.parse(data.to);
  const motivos = new Map(data.motivos.map((m) => [m.id, m.name]));
  // The server leaves running out (docs/decisions/053-timeline-without-running-bars.md): filled in here, once per answer.
  const rows = useMemo(() => {
    const worked = workedSpans(data);
    return data.arcos.map((arco) => {
      const bars = withRunning(arco.bars, spansSince(worked, arco.since));
      // Weld telemetry's arc-on stretches, each drawn inside 'En marcha' (docs/decisions/090-arc-on-board-and-timeline.md).
      return { ...arco, bars, arc: arco.arc ? arcInRunning(arco.arc, bars) : [] };
    });
  }, [data]);
  const x = (iso: string | number) =>
    label + ((Math.min(Math.max(typeof iso === 'number' ? iso : Date.parse(iso), from), to) - from) / (to - from)) * span;
  const height = AXIS + data.arcos.length * (ROW + GAP) + GAP;
  const width = label + span + 10;
  // A row's name cut to what its column holds (about 6.5 units a character at 12).
  const chars = narrow === null ? 22 : Math.floor((NARROW_LABEL - 8) / 6.5);
  const boundaries = [...new Set(data.shifts.flatMap((s) => [s.start, s.end]))].filter((t) => Date.parse(t) > from && Date.parse(t) < to);
  const keyOpen = (event: KeyboardEvent, open: OpenBar) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(open);
    }
  };

  return (
    <svg
      ref={ref}
      className="timeline-chart"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      // The same as 'meet' on screen (the box has the viewBox' proportions); in print the box is shorter
      // and the rows closer, and the empty bottom is cut, not the width shrunk.
      preserveAspectRatio="xMinYMin slice"
      style={rowGeometry(data.arcos.length, width)}
      role="group"
      aria-label={`${timelineMessages.title} ${data.nave}`}
      data-narrow={narrow === null ? undefined : 'true'}
    >
      <defs>
        <pattern id="timeline-stripes" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="3" height="6" fill="#fff" fillOpacity="0.55" />
        </pattern>
      </defs>
      <g aria-hidden="true" fontSize="11" fill="#212529">
        {ticks(from, to, tz, narrow !== null).map((t) => (
          <g key={t.at}>
            <line x1={x(t.at)} x2={x(t.at)} y1={AXIS - 6} y2={height} stroke="#dee2e6" />
            <text x={x(t.at) + 2} y={AXIS - 8}>
              {t.label}
            </text>
          </g>
        ))}
      </g>
      {rows.map((arco, row) => {
        // Each row in its own coordinates (0 to ROW), placed by CSS: see rowGeometry.
        return (
          <g key={arco.id} role="group" aria-label={arco.name} className="timeline-row" style={{ '--row': row } as CSSProperties}>
            <text x={4} y={0} className="timeline-row-label" dominantBaseline="central" fill="#212529" aria-hidden="true">
              {arco.name.length > chars ? `${arco.name.slice(0, chars - 1)}…` : arco.name}
            </text>
            <g className="timeline-row-bars">
              <rect x={label} y={0} width={span} height={ROW} fill="#f8f9fa" aria-hidden="true" />
              {arco.bars.map((bar) => {
                const [kind, start, end, paradaId, motivoId, isOpen] = bar;
                const left = x(start);
                const width = Math.max(x(end) - left, kind === 'micro' ? 2 : 1);
                const text = barText(arco.name, bar, motivos, tz);
                const color = barColor(kind, motivoId);
                const inner = kind === 'micro' ? { y: 2, height: ROW - 4 } : { y: 0, height: ROW };
                const key = `${kind}-${paradaId ?? ''}-${start}`;
                if (paradaId === null)
                  return (
                    <rect
                      key={key}
                      x={left}
                      width={width}
                      {...inner}
                      fill={color}
                      fillOpacity={kind === 'running' ? 0.85 : 1}
                      role="img"
                      aria-label={text}
                    >
                      <title>{text}</title>
                    </rect>
                  );
                const open = { arco: arco.name, paradaId };
                return (
                  <g
                    key={key}
                    className="timeline-bar"
                    role="button"
                    tabIndex={0}
                    aria-label={text}
                    data-kind={kind}
                    data-open={isOpen}
                    onClick={() => onOpen(open)}
                    onKeyDown={(event) => keyOpen(event, open)}
                  >
                    <title>{text}</title>
                    <rect x={left} width={width} {...inner} fill={color} />
                    {isOpen === 1 && <rect x={left} width={width} {...inner} fill="url(#timeline-stripes)" />}
                  </g>
                );
              })}
              {arco.arc.map(([start, end, stretch]) => {
                const left = x(start);
                const text = arcText(arco.name, stretch, tz);
                const open = { arco: arco.name, arcoId: arco.id, arc: stretch };
                return (
                  <g
                    key={`arc-${start}`}
                    className="timeline-bar"
                    role="button"
                    tabIndex={0}
                    aria-label={text}
                    data-kind="arc"
                    onClick={() => onOpen(open)}
                    onKeyDown={(event) => keyOpen(event, open)}
                  >
                    <title>{text}</title>
                    <rect x={left} width={Math.max(x(end) - left, 1)} y={ARC_INSET} height={ROW - 2 * ARC_INSET} fill={ARC_COLOR} />
                  </g>
                );
              })}
            </g>
          </g>
        );
      })}
      <g aria-hidden="true">
        {boundaries.map((b) => (
          <line key={b} x1={x(b)} x2={x(b)} y1={AXIS - 14} y2={height} stroke="#0d6efd" strokeWidth="2" strokeDasharray="4 3" />
        ))}
        {data.shifts
          .filter((s) => Date.parse(s.end) > from && Date.parse(s.start) < to)
          // On a narrow chart a name is written only where its shift leaves room for it (a week's are too close).
          .filter((s) => narrow === null || x(s.end) - x(s.start) >= s.name.length * 6.5 + 6)
          .map((s) => (
            <text key={`${s.date}-${s.shift_id}`} x={x(s.start) + 3} y={11} fontSize="11" fill="#0a58ca">
              {s.name}
            </text>
          ))}
      </g>
    </svg>
  );
}
