import { dashboardLabels, dashboardMessages } from '@portal/contract/dashboard';
import { downtimeMessages } from '@portal/contract/downtime';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Feedback } from '@/components/feedback';
import { Loading } from '@/components/loading';
import { errorText } from '@/lib/api';
import { lazyComponent } from '@/lib/lazy-component';
import { readSession, removeToken, useCurrentUser } from '@/lib/token';
import { useParadasKaiserStats } from '../api/get-paradas-kaiser-stats';
import { useStats } from '../api/get-stats';
import { useTopUsersByParadasKaiser } from '../api/get-top-users-by-paradas-kaiser';
import { useTopUsersByTramos } from '../api/get-top-users-by-tramos';
import { useTramosStats } from '../api/get-tramos-stats';
import { DiskWarning } from '../components/disk-warning';
import { StatsCharts } from '../components/stats-charts';
import { TotalsCards } from '../components/totals-cards';

const DowntimeSection = lazyComponent(() => import('../components/downtime-section'));

/**
 * Mounts the downtime analysis below the charts once it nears the viewport or the admin first scrolls,
 * types or taps: its code and drawing stay off the panel's first paint (docs/performance-history.md).
 */
function WhenReached({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const [reached, setReached] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (reached || !element) return;
    const reach = () => setReached(true);
    const events = ['scroll', 'keydown', 'pointerdown'] as const;
    for (const type of events) window.addEventListener(type, reach, { once: true, passive: true });
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reach(), { rootMargin: '200px' });
    observer.observe(element);
    return () => {
      observer.disconnect();
      for (const type of events) window.removeEventListener(type, reach);
    };
  }, [reached]);
  if (reached) return children;
  return (
    <section ref={ref} className="mt-4" aria-labelledby="downtime-title">
      <h2 id="downtime-title" className="h5">
        {downtimeMessages.title}
      </h2>
    </section>
  );
}

/** Why the panel refuses to load, if it does; the server checks again. */
function useAccess(): string | null {
  useCurrentUser(); // re-render when the token changes
  const session = readSession();
  const broken = session.status === 'invalid' || session.status === 'expired';
  useEffect(() => {
    if (broken) removeToken();
  }, [broken]);
  if (session.status === 'none') return dashboardMessages.noToken;
  if (broken) return dashboardMessages.invalidToken;
  if (session.status === 'ok' && session.user.role !== 'admin') return dashboardMessages.adminOnly;
  return null;
}

function Denied({ text }: { text: string }) {
  return <Feedback>{text}</Feedback>;
}

export default function StatsPage() {
  const denied = useAccess();
  const allowed = denied === null;
  const stats = useStats(allowed);
  const tramos = useTramosStats(allowed);
  const kaiser = useParadasKaiserStats(allowed);
  const topTramos = useTopUsersByTramos(allowed);
  const topKaiser = useTopUsersByParadasKaiser(allowed);

  if (denied) return <Denied text={denied} />;

  const failures = [
    [stats, dashboardMessages.statsFallback],
    [tramos, dashboardMessages.tramosStatsFallback],
    [kaiser, dashboardMessages.kaiserStatsFallback],
    [topTramos, dashboardMessages.topTramosFallback],
    [topKaiser, dashboardMessages.topKaiserFallback],
  ] as const;
  const failed = failures.find(([q]) => q.isError);
  // The totals show as soon as they arrive, with the charts' cards; each chart follows with its own figures.
  const loading = stats.isPending;

  return (
    <>
      <h1 className="h4 mb-3">{dashboardLabels.title}</h1>
      <DiskWarning enabled={allowed} />
      {failed && <Feedback>{errorText(failed[0].error, failed[1], dashboardMessages.network)}</Feedback>}
      {loading && !failed ? (
        <Loading text={dashboardMessages.loading} />
      ) : (
        <>
          {stats.data && <TotalsCards stats={stats.data} />}
          <StatsCharts tramos={tramos} kaiser={kaiser} topTramos={topTramos} topKaiser={topKaiser} />
          {allowed && (
            <WhenReached>
              <Suspense fallback={<Loading text={downtimeMessages.loading} />}>
                <DowntimeSection />
              </Suspense>
            </WhenReached>
          )}
        </>
      )}
    </>
  );
}
