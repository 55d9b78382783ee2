import TimelinePage from './timeline-page';

/** 'Línea de tiempo' in the admin area: any nave. */
export default function AdminTimelinePage() {
  return <TimelinePage admin />;
}
