import { useEffect, useId, useRef, type ReactNode } from 'react';

export type DialogProps = { title: string; open: boolean; onClose: () => void; closeLabel: string; children: ReactNode };

/** A modal on the native <dialog>: focus kept inside, Esc and the backdrop close it. */
export function Dialog({ title, open, onClose, closeLabel, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="sdt-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="sdt-dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="sdt-icon-button" onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
      </div>
      <div className="sdt-dialog-body">{open ? children : null}</div>
    </dialog>
  );
}
