/** Check-in feedback beyond the notification: a short buzz for a success, a double one for a failure, where the phone can. */
export function vibrate(ok: boolean): void {
  try {
    navigator.vibrate?.(ok ? 80 : [90, 60, 90]);
  } catch {
    // not supported: the notification is enough
  }
}
