/**
 * The texts of the weld telemetry screens (docs/decisions/085-telemetry-screens.md): the admin's
 * 'Arco y OEE' and the terminal's welding pass. No zod here: the terminal's home loads this module.
 */

const pct = (share: number | null) => (share === null ? '—' : `${(share * 100).toLocaleString('es-ES', { maximumFractionDigits: 1 })} %`);
const num = (n: number, digits = 1) => n.toLocaleString('es-ES', { maximumFractionDigits: digits });

export const telemetryScreenMessages = {
  // ---- Admin: 'Arco y OEE' ----
  navLabel: 'Arco y OEE',
  title: 'Arco y OEE',
  intro: 'Tiempo de arco, metros y kilos soldados y OEE de cada arco por turno trabajado.',
  from: 'Desde',
  to: 'Hasta',
  nave: 'Nave',
  allNaves: 'Todas',
  loading: 'Cargando cifras...',
  loadFallback: 'No se pudieron cargar las cifras de soldadura.',
  empty: 'Ningún arco soldó en ese periodo.',
  tableCaption: 'Arco encendido, metros, kilos y OEE por arco y turno',
  operatorsTitle: 'Arco encendido por operario y turno',
  operatorsCaption: 'Tiempo de arco de cada operario por turno',
  operatorsEmpty: 'Ningún operario soldó en ese periodo.',
  col: {
    arco: 'Arco',
    date: 'Fecha',
    shift: 'Turno',
    operator: 'Operario',
    arcTime: 'Tiempo de arco',
    arcOn: 'Arco encendido',
    metres: 'Metros',
    kilos: 'Kilos',
    availability: 'Disponibilidad',
    performance: 'Rendimiento',
    quality: 'Calidad',
    oee: 'OEE',
  },
  /** How each figure is computed (docs/decisions/081-weld-figures-and-retention.md). */
  explain: {
    arcOn: 'Arco encendido: tiempo con el arco ardiendo ÷ tiempo trabajado del turno (su duración menos los descansos).',
    availability: 'Disponibilidad: (tiempo trabajado − paradas) ÷ tiempo trabajado.',
    performance:
      'Rendimiento: tiempo que lleva la longitud soldada a la velocidad nominal del procedimiento (el centro de su rango) ÷ tiempo en marcha.',
    quality: 'Calidad: circulares aceptadas a la primera ÷ circulares inspeccionadas.',
    oee: 'OEE: disponibilidad × rendimiento × calidad. «—»: aún no hay dato para calcularlo.',
  },
  liveTitle: 'Arco encendido ahora',
  liveEmpty: 'Ningún arco ha enviado parámetros de soldadura en los últimos 10 segundos.',
  liveLoadFallback: 'No se pudo cargar el estado de los arcos.',
  liveOn: 'Arco encendido',
  liveOff: 'Arco apagado',
  liveSince: (time: string) => `Última muestra: ${time}`,
  pct,
  metres: (m: number) => `${num(m, 2)} m`,
  kilos: (kg: number) => `${num(kg, 2)} kg`,
  duration: (seconds: number) => {
    const s = Math.round(seconds);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : m > 0 ? `${m} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
  },

  // ---- Terminal: the welding pass ----
  cardTitle: 'Soldadura',
  circular: 'Circular',
  chooseCircular: '-- Seleccionar circular --',
  passType: 'Tipo de pasada',
  choosePass: '-- Seleccionar pasada --',
  /** The pass types in welding order (welds-messages.ts PASS_TYPES), named here so the terminal's card loads no weld texts. */
  passes: [
    ['raiz', 'Raíz'],
    ['relleno', 'Relleno'],
    ['peine', 'Peine'],
  ] as const,
  start: 'Iniciar soldadura',
  end: 'Finalizar soldadura',
  noCirculares: 'Añade una circular con su procedimiento para poder soldarla.',
  chooseFirst: 'Selecciona la circular y el tipo de pasada.',
  signInToWeld: 'Identifícate para iniciar o finalizar una soldadura.',
  startFallback: 'No se pudo iniciar la soldadura.',
  endFallback: 'No se pudo finalizar la soldadura.',
  network: 'Sin conexión con el servidor: inténtalo de nuevo.',
  welding: (circular: string, pass: string) => `Soldando ${circular} · ${pass}`,
  pending: 'Arco encendido sin soldadura iniciada: confirma la circular con «Iniciar soldadura».',
  liveHeading: 'Parámetros en directo',
  waitingSamples: 'Esperando los parámetros del arco...',
  param: {
    arc: 'Arco',
    current: 'Intensidad',
    voltage: 'Tensión',
    speed: 'Velocidad',
    wireFeed: 'Alimentación de hilo',
    temperature: 'Temperatura',
  },
  arcOn: 'Encendido',
  arcOff: 'Apagado',
  amps: (a: number) => `${num(a, 0)} A`,
  volts: (v: number) => `${num(v, 1)} V`,
  cmMin: (v: number) => `${num(v, 1)} cm/min`,
  mMin: (v: number) => `${num(v, 2)} m/min`,
  celsius: (c: number) => `${num(c, 0)} °C`,
  summaryTitle: (circular: string, pass: string) => `Resumen de la pasada: ${circular} · ${pass}`,
  summary: {
    arcTime: 'Tiempo de arco',
    current: 'Intensidad media',
    voltage: 'Tensión media',
    speed: 'Velocidad media',
    wireFeed: 'Alimentación media',
    heatInput: 'Aporte térmico',
    length: 'Longitud soldada',
    deposited: 'Material depositado',
    excursions: 'Fuera de procedimiento',
  },
  heatInput: (q: number | null) => (q === null ? '—' : `${num(q, 2)} kJ/mm`),
  lengthMm: (mm: number) => (mm >= 1000 ? `${num(mm / 1000, 2)} m` : `${num(mm, 0)} mm`),
  noExcursions: 'Ninguno: dentro del procedimiento.',
  /** A parameter of an excursion (telemetry.ts PARAMETERS). */
  parameterName: { current: 'Intensidad', voltage: 'Tensión', speed: 'Velocidad', temperature: 'Temperatura' } as Record<string, string>,
  excursion: (parameter: string, seconds: number, positionMm: number) =>
    `${parameter} fuera de rango ${seconds} s a ${num(positionMm, 0)} mm del inicio.`,
  dash: '—',
};
