import type { ReactNode } from 'react';
import './admin-ui.css';

type Props = { title?: ReactNode; extra?: ReactNode; children: ReactNode; 'data-testid'?: string };

/** A white panel of a console page, with an optional title row and buttons at its right. */
export function AdminPanel({ title, extra, children, ...rest }: Props) {
  return (
    <section className="yct-admin-panel" data-testid={rest['data-testid']}>
      {title || extra ? (
        <div className="yct-admin-panel__head">
          <h2 className="yct-admin-panel__title">{title}</h2>
          {extra}
        </div>
      ) : null}
      {children}
    </section>
  );
}
