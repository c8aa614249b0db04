/** The payment settings' wire shapes (ADR 022): the shared contract's, under the names this feature uses. */
export type {
  TPaymentMode,
  TPaymentProvider,
  TPaymentSettingsRequest,
  TPaymentSettingsResponse,
} from '@trayecto/shared';
