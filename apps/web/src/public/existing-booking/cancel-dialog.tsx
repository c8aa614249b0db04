import { type RefObject, useState } from 'react';
import { TextArea } from '../components/fields';
import { fill } from '../components/fill';
import { t } from '../i18n';
import { formatDateLong, formatInstant } from '../lib/format';
import type { TExistingBooking } from './use-existing-booking';

/** "Cancelar reserva": the reason (optional) and a last word before cancelling for good. */
export function CancelDialog({
  booking: f,
  dialogRef,
}: {
  booking: TExistingBooking;
  dialogRef: RefObject<HTMLDialogElement | null>;
}) {
  const b = f.booking;
  const tx = t().existing;
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const cancelUntil = b.free_cancellation_until
    ? formatInstant(b.free_cancellation_until, b.tour_operator.timezone)
    : null;

  async function confirmCancel() {
    setError('');
    const failed = await f.cancel(reason);
    if (failed) setError(failed);
    else dialogRef.current?.close();
  }

  return (
    <dialog
      ref={dialogRef}
      className="pub-dialog"
      aria-labelledby="cancel-title"
      aria-describedby="cancel-desc"
      onClose={() => {
        setReason('');
        setError('');
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void confirmCancel();
        }}
      >
        <h2 id="cancel-title">{tx.cancelTitle}</h2>
        <p id="cancel-desc">
          {fill(tx.cancelWhat(formatDateLong(b.date), b.time), { locator: <strong>{b.locator}</strong> })}
          {cancelUntil && ` ${tx.cancelFreeUntil(cancelUntil)}`} {tx.cancelFinal}
        </p>
        <TextArea
          id="cancel_reason"
          label={tx.cancelReason}
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {error && (
          <p className="pub-error" role="alert">
            {error}
          </p>
        )}
        <div className="pub-dialog-actions">
          <button type="button" className="pub-btn pub-btn-ghost" onClick={() => dialogRef.current?.close()}>
            {t().common.labels.back}
          </button>
          <button type="submit" className="pub-btn pub-btn-danger" disabled={f.busy === 'cancel'}>
            {f.busy === 'cancel' ? tx.cancelling : tx.cancelConfirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
