import type { PassRanges, ProcedureCreateBody } from '@portal/contract/welds';

// A valid WPS for the weld-record suites, the benches and the browser tests: no test runner is
// imported here, so a bench (tsx) and Playwright load it too.

export const PASSES: PassRanges[] = [
  {
    pass_type: 'raiz',
    current_min: 450,
    current_max: 550,
    voltage_min: 28,
    voltage_max: 32,
    speed_min: 400,
    speed_max: 550,
    heat_input_min: 1.4,
    heat_input_max: 2.6,
    preheat_min_c: 50,
    interpass_max_c: 250,
  },
  {
    pass_type: 'relleno',
    current_min: 550,
    current_max: 700,
    voltage_min: 30,
    voltage_max: 34,
    speed_min: 450,
    speed_max: 600,
    heat_input_min: 1.6,
    heat_input_max: 3.1,
    preheat_min_c: 50,
    interpass_max_c: 250,
  },
];

export const wps = (code: string, valid_from: string, process = 121): ProcedureCreateBody => ({
  code,
  valid_from,
  process,
  material_group: '1.2',
  thickness_min_mm: 10,
  thickness_max_mm: 40,
  wire_classification: 'S2',
  flux_classification: 'SA FB 1',
  passes: PASSES,
});
