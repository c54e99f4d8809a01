import { useEffect, type ReactNode } from 'react';
import { Icon } from './Icon';

/** A panel sliding in from the right (full screen on a phone) for a form or a record's details. */
export function Drawer({
  title,
  onClose,
  children,
  footer,
  closeLabel,
  wide,
}: {
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  closeLabel: string;
  wide?: boolean;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <>
      <div className="drawer-backdrop" onClick={onClose} />
      <section
        className={wide ? 'drawer drawer-wide' : 'drawer'}
        role="dialog"
        aria-modal="true"
        aria-label={typeof title === 'string' ? title : undefined}
      >
        <header className="drawer-header">
          <h2>{title}</h2>
          <button type="button" className="btn btn-ghost btn-icon" onClick={onClose} aria-label={closeLabel}>
            <Icon name="x" />
          </button>
        </header>
        {children}
        {footer && <footer className="drawer-footer">{footer}</footer>}
      </section>
    </>
  );
}
