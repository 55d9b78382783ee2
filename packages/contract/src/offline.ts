import { z } from 'zod';
import { offlineMessages } from './offline-messages';

/** The moment the worker tapped, as an instant with offset; absent means "now" on the server. */
export const clientTimeSchema = z.iso.datetime({ offset: true, error: offlineMessages.invalidTime }).optional();
