import { type RefObject, useState } from 'react';
import { TextArea } from '../components/fields';
import { fill } from '../components/fill';
import { t } from '../i18n';
import { formatDateLong, formatInstant } from '../lib/format';
import { Later } from '../lib/hydration';
import type { TExistingBooking } from './use-existing-booking';

/** "Cancelar reserva": the reason (optional) and a last word before cancelling for good. */
export function CancelDialog({
  booking: f,
  dialogRef,
}: {
  booking: TExistingBooking;
  dialogRef: RefObject<HTMLDialogElement | null>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  async function confirmCancel() {
    setError('');
    const failed = await f.cancel(reason);
    if (failed) setError(failed);
    else dialogRef.current?.close();
  }

  return (
    // Closed until «Cancelar reserva» is pressed: taken over at the first input (lib/hydration.tsx).
    <Later
      as="dialog"
      ref={dialogRef}
      className="pub-dialog"
      aria-labelledby="cancel-title"
      aria-describedby="cancel-desc"
      onClose={() => {
        setReason('');
        setError('');
      }}
      firstInput
      watch={[f.booking]}
    >
      <CancelForm
        booking={f}
        reason={reason}
        onReason={setReason}
        error={error}
        onConfirm={() => void confirmCancel()}
        onBack={() => dialogRef.current?.close()}
      />
    </Later>
  );
}

function CancelForm({
  booking: f,
  reason,
  onReason,
  error,
  onConfirm,
  onBack,
}: {
  booking: TExistingBooking;
  reason: string;
  onReason: (reason: string) => void;
  error: string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const b = f.booking;
  const tx = t().existing;
  const cancelUntil = b.free_cancellation_until
    ? formatInstant(b.free_cancellation_until, b.tour_operator.timezone)
    : null;
  return (
    <form
      method="dialog"
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
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
        onChange={(e) => onReason(e.target.value)}
      />
      {error && (
        <p className="pub-error" role="alert">
          {error}
        </p>
      )}
      <div className="pub-dialog-actions">
        <button type="button" className="pub-btn pub-btn-ghost" onClick={onBack}>
          {t().common.labels.back}
        </button>
        <button type="submit" className="pub-btn pub-btn-danger" disabled={f.busy === 'cancel'}>
          {f.busy === 'cancel' ? tx.cancelling : tx.cancelConfirm}
        </button>
      </div>
    </form>
  );
}
