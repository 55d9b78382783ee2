import type { ArcoSaved, arcoBody } from '@portal/contract/arcos';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { useCatalogMutation } from '@/lib/catalog-admin';

export type ArcoInput = z.output<typeof arcoBody>;

export const createArco = (body: ArcoInput) => api<ArcoSaved>('/api/admin/arcos-sumergidos', { method: 'POST', body });

export const useCreateArco = () => useCatalogMutation(createArco);
