import { randomUUID } from 'node:crypto';
import { type Lot, weldMessages as m } from '@portal/contract/welds';
import { CERTIFICATE_TYPES, type CertificateKind, dossierMessages as d } from '@portal/contract/welds-dossier';
import type { ServiceContext } from '../../context';
import type { AuthUser } from '../../lib/auth-user';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { type MultipartInput, sniffImage } from '../../lib/images';
import { type StoredObject, StoreUnavailableError } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import { FILE_COLUMNS } from '../../lib/upload-sweep';
import { recordAudit } from '../audit/service';
import * as repo from './repository';
import { assertKeeper, getLot } from './service';

// A consumable lot's inspection certificate 3.1 (EN 10204) as an attached file
// (docs/decisions/076-lot-certificates.md): kept as received (a supplier's signed document is not
// re-encoded), in the object store under 'certificates/<uuid>.<ext>', written before the row that
// names it and removed after the row that named it is gone, as the circulares' photos are (068).

/** Key prefix of the certificates in the object store (lib/upload-sweep.ts sweeps the ones no lot names). */
const CERTIFICATES_PREFIX = FILE_COLUMNS.weld_lots.prefix;

const EXTENSION: Record<CertificateKind, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png' };

/** What a certificate is, by its first bytes: a PDF, or a scan as JPEG or PNG; the name and declared type are never trusted. */
export function sniffCertificate(buf: Buffer): CertificateKind | null {
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  const image = sniffImage(buf);
  return image === 'jpeg' || image === 'png' ? image : null;
}

/** The original name as shown and offered on download: no path, no control characters, at most 150 characters. */
function cleanName(filename: string, kind: CertificateKind): string {
  const base = (filename.split(/[\\/]/).pop() ?? '')
    .replace(/[\p{Cc}"]/gu, '')
    .trim()
    .slice(0, 150);
  return base || `certificado-3.1.${EXTENSION[kind]}`;
}

/** Attaches (or replaces) a lot's certificate: Calidad or an administrator. */
export async function attachCertificate(ctx: ServiceContext, actor: AuthUser, lotId: number, input: MultipartInput): Promise<Lot> {
  await assertKeeper(ctx, actor);
  const before = await getLot(ctx, lotId);
  if (!input.file) throw badRequest(d.certificateMissing);
  const kind = sniffCertificate(input.file.buffer);
  if (!kind) throw new AppError(415, d.certificateType);
  const store = ctx.images.store;
  const key = `${CERTIFICATES_PREFIX}/${randomUUID()}.${EXTENSION[kind]}`;
  const values = { path: key, name: cleanName(input.file.filename, kind), type: CERTIFICATE_TYPES[kind], size: input.file.buffer.length };
  await store.put(key, input.file.buffer, values.type);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.setCertificate(trx, lotId, { ...values, at: nowIso() }))) throw notFound(m.lotNotFound);
      await recordAudit(trx, {
        actor,
        entity: 'weld_lot',
        entityId: lotId,
        action: 'certificate',
        before: before.certificate ? { certificate_name: before.certificate.name } : null,
        after: { certificate_name: values.name, certificate_type: values.type, certificate_size: values.size },
      });
    });
  } catch (error) {
    // The row was not written: the new object goes (a store away now leaves it to the start-up sweep).
    await store.remove(key).catch(() => {});
    throw error;
  }
  if (before.certificate_path?.startsWith(`${CERTIFICATES_PREFIX}/`))
    await store.remove(before.certificate_path).catch((error) => {
      if (!(error instanceof StoreUnavailableError)) throw error;
    });
  return getLot(ctx, lotId);
}

/** A lot's certificate to download: Calidad or an administrator; 404 when none is attached. */
export async function readCertificate(
  ctx: ServiceContext,
  user: AuthUser,
  lotId: number,
): Promise<{ object: StoredObject; name: string; type: string }> {
  await assertKeeper(ctx, user);
  const lot = await getLot(ctx, lotId);
  if (!lot.certificate_path || !lot.certificate) throw notFound(d.certificateNotFound);
  const object = await ctx.images.store.get(lot.certificate_path);
  if (!object) throw notFound(d.certificateNotFound);
  return { object, name: lot.certificate.name, type: lot.certificate.type };
}
