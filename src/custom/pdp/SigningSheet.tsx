import type { ReactNode } from 'react';
import { useI18n } from '../../engine/i18n/i18n';
import './pdp.css';

/** A step of the guest's signing: the hotel's name, the step's heading and its content, sized for a tablet held either way. */
export function SigningSheet({
  hotel,
  title,
  children,
  actions,
}: {
  hotel?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className="pdp-sheet" aria-labelledby="pdp-title">
      <header className="pdp-head">
        <span className="pdp-hotel">{hotel ?? t('shell.brand')}</span>
        <h1 id="pdp-title">{title}</h1>
      </header>
      <div className="pdp-body">{children}</div>
      {actions && <div className="pdp-actions">{actions}</div>}
    </section>
  );
}

export function Problem({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {text}
    </div>
  );
}
