import { dashboardLabels } from '@portal/contract/dashboard';
import { Feedback } from '@/components/feedback';
import { useDisk } from '../api/get-disk';

const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** '1 GB', '512 MB', '0,4 MB': bytes as a Spaniard reads them. */
export function formatBytes(bytes: number): string {
  const [value, unit] = bytes >= GB ? [bytes / GB, 'GB'] : [bytes / MB, 'MB'];
  return `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

/** A warning at the top of the admin panel while the server's data disk is under its threshold (1 GB by default). */
export function DiskWarning({ enabled }: { enabled: boolean }) {
  const disk = useDisk(enabled);
  if (!disk.data?.low) return null;
  return (
    <Feedback variant="warning">
      <h2 className="h6 alert-heading">{dashboardLabels.diskLowTitle}</h2>
      <p className="mb-0">{dashboardLabels.diskLow(formatBytes(disk.data.freeBytes), formatBytes(disk.data.warnBelowBytes))}</p>
    </Feedback>
  );
}
