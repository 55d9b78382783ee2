/**
 * The texts of the paradas' screens (the stops screen, the manual form, the edit dialog, a parada's
 * card and the admin's table), zod-free and apart from paradas-messages.ts, which the station
 * terminal's home loads: the terminal does not carry them.
 */
export const paradaScreenTexts = {
  // The labels of a parada's fields, on its card, in its forms and in the admin's table.
  workerLabel: 'Trabajador',
  arcoLabel: 'Arco Sumergido',
  startLabel: 'Inicio',
  endLabel: 'Fin',
  durationLabel: 'Duración',
  descriptionLabel: 'Descripción',
  startTimeLabel: 'Hora de inicio',
  endTimeLabel: 'Hora de fin',
  editTitle: 'Editar Parada Kaiser',
  // The stops screen: the clock's card, the history, the manual form.
  timerTitle: 'Parada Kaiser',
  elapsed: 'Tiempo transcurrido',
  descriptionPlaceholder: 'Describe el motivo de la parada',
  start: 'Iniciar Parada',
  end: 'Finalizar Parada',
  manualLink: 'Registrar parada manual',
  historyTitle: 'Historial de paradas',
  dayFilter: 'Filtrar por día',
  specificDate: '-- Fecha específica --',
  dateSearch: 'Buscar por fecha',
  clearDate: 'Borrar fecha',
  manualTitle: 'Registro manual de parada',
  manualDate: 'Fecha:',
  saving: 'Guardando...',
  saveManual: 'Guardar parada',
  backToStops: 'Volver a Paradas Kaiser',
} as const;
