/** The product brand shown in both top bars. */
export const BRAND = 'Portal de Fábrica';
