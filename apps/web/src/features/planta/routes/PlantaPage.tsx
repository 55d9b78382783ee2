import { PlaceholderPage } from '@/components/PlaceholderPage';

export default function Page() {
  return <PlaceholderPage title="Estado de planta" />;
}
