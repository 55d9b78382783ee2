import type { ReactNode } from 'react';

/**
 * The centred card the public screens share; full width on a phone. react-bootstrap's Card written
 * out: the component and its eleven parts would ride in the login screen's download for two divs.
 */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="container py-4 px-2 px-sm-3" style={{ maxWidth: 440 }}>
      <div className="card shadow-sm">
        <div className="card-body p-3 p-sm-4">
          <h1 className="h3 text-center mb-4">{title}</h1>
          {children}
        </div>
      </div>
    </main>
  );
}
