import { useEffect, useRef, useState, type ReactNode } from 'react';

/** A button that opens a small menu; closes on a click outside or Escape. */
export function Dropdown({
  button,
  label,
  children,
  className = 'nav-btn',
}: {
  button: ReactNode;
  label: string;
  children(close: () => void): ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        onClick={() => setOpen(!open)}
      >
        {button}
      </button>
      {open && (
        <div className="dropdown-menu" role="menu">
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
