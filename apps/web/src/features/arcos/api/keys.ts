/** The machines status: the broker connection and every bound arco's signal. */
export const machineKeys = { all: ['admin', 'machines'] as const };
