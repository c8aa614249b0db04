/** The VERI*FACTU mode (the QR code's host): set once at start-up from the configuration. */
const settings: { mode: 'test' | 'live' } = { mode: 'test' };
export function configureInvoices(c: { AEAT_VERIFACTU_MODE?: 'test' | 'live' }) {
  settings.mode = c.AEAT_VERIFACTU_MODE ?? 'test';
}
export const verifactuMode = () => settings.mode;
