/**
 * The VERI*FACTU settings, set once at start-up from the configuration: the mode (the QR code's
 * host) and the producer of the billing system named in each record's SistemaInformatico.
 */
export type Producer = { name: string; nif: string };

const settings: { mode: 'test' | 'live'; producer: Producer | null } = { mode: 'test', producer: null };

export function configureInvoices(c: {
  AEAT_VERIFACTU_MODE?: 'test' | 'live';
  AEAT_VERIFACTU_PRODUCER_NIF?: string;
  AEAT_VERIFACTU_PRODUCER_NAME?: string;
}) {
  settings.mode = c.AEAT_VERIFACTU_MODE ?? 'test';
  settings.producer =
    c.AEAT_VERIFACTU_PRODUCER_NIF && c.AEAT_VERIFACTU_PRODUCER_NAME
      ? { nif: c.AEAT_VERIFACTU_PRODUCER_NIF, name: c.AEAT_VERIFACTU_PRODUCER_NAME }
      : null;
}

export const verifactuMode = () => settings.mode;

/**
 * The producer a record names (SistemaInformatico: NombreRazon and NIF): AEAT_VERIFACTU_PRODUCER_NIF
 * and _NAME when set; otherwise the issuer itself (its NIF and legal name), the documented default
 * for an operator that runs its own copy of Trayecto (docs/invoicing.md).
 */
export function producerFor(issuer: Producer): Producer {
  return settings.producer ?? issuer;
}
