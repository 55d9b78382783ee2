import type { NaveWithCount, naveBody } from '@portal/contract/naves';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { useCatalogMutation } from '@/lib/catalog-admin';

export type NaveInput = z.output<typeof naveBody>;

export const createNave = (body: NaveInput) => api<NaveWithCount>('/api/admin/naves', { method: 'POST', body });

export const useCreateNave = () => useCatalogMutation(createNave);
