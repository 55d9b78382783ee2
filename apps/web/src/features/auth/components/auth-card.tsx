import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** The centred card the public screens share; full width on a phone. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="container py-4 px-2 px-sm-3" style={{ maxWidth: 440 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-3 p-sm-4">
          <h1 className="h3 text-center mb-4">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </main>
  );
}
