/**
 * Every endpoint of the API, by name, as the server registers it (`:id` parameters) under
 * API_PREFIX. The web builds its request URLs from this table (`apiPath('booking', { id })`); the
 * API's route inventory test checks that it names exactly the routes the server registers, so a
 * path is written once.
 */
export const API_PREFIX = '/api/v1';

export const API_PATHS = {
  health: '/health',
  ready: '/ready',
  login: '/auth/login',
  logout: '/auth/logout',
  me: '/auth/me',
  myPassword: '/auth/me/password',
  passwordReset: '/auth/password-reset',
  passwordResetConfirm: '/auth/password-reset/confirm',
  myPreferences: '/auth/me/preferences',
  dashboard: '/dashboard',
  users: '/users',
  usersExport: '/users/export.csv',
  user: '/users/:id',
  tourOperators: '/tour-operators',
  tourOperatorsExport: '/tour-operators/export.csv',
  tourOperator: '/tour-operators/:id',
  vehicles: '/vehicles',
  vehiclesExport: '/vehicles/export.csv',
  vehicle: '/vehicles/:id',
  persons: '/persons',
  personsExport: '/persons/export.csv',
  person: '/persons/:id',
  accommodations: '/accommodations',
  accommodationsExport: '/accommodations/export.csv',
  accommodation: '/accommodations/:id',
  accommodationZones: '/accommodations/zones',
  accommodationImport: '/accommodations/import',
  products: '/products',
  productsExport: '/products/export.csv',
  product: '/products/:id',
  productAvailability: '/products/:id/availability',
  productDepartures: '/products/:id/departures',
  productImages: '/products/:id/images',
  productImage: '/products/:id/images/:imageId',
  productImagesOrder: '/products/:id/images/order',
  productDepartureCancel: '/products/:id/departures/cancel',
  bookings: '/bookings',
  bookingsExport: '/bookings/export.csv',
  booking: '/bookings/:id',
  bookingCancel: '/bookings/:id/cancel',
  bookingPayments: '/bookings/:id/payments',
  bookingEvents: '/bookings/:id/events',
  bookingQuote: '/bookings/quote',
  bookingCalendar: '/bookings/calendar',
  bookingCalendarDays: '/bookings/calendar/days',
  bookingCalendarColumns: '/bookings/calendar/columns',
  bookingMessages: '/bookings/:id/messages',
  bookingWhatsapp: '/bookings/:id/whatsapp',
  bookingPaymentLinks: '/bookings/:id/payment-links',
  bookingRefunds: '/bookings/:id/refunds',
  bookingInvoices: '/bookings/:id/invoices',
  invoices: '/invoices',
  invoice: '/invoices/:id',
  invoiceRecord: '/invoices/:id/record',
  invoiceRecordResend: '/invoices/:id/record/resend',
  invoiceCorrections: '/invoices/:id/corrections',
  invoicePdf: '/invoices/:id/pdf',
  messages: '/messages',
  messagesExport: '/messages/export.csv',
  message: '/messages/:id',
  messageResend: '/messages/:id/resend',
  messageSettings: '/tour-operators/:id/message-settings',
  paymentSettings: '/tour-operators/:id/payment-settings',
  redsysNotification: '/payments/redsys/notification',
  stripeWebhook: '/payments/stripe/webhook',
  userInvitation: '/users/:id/invitation',
  scheduleSheets: '/schedule-sheets',
  scheduleSheet: '/schedule-sheets/:id',
  scheduleSheetCheckIn: '/schedule-sheets/:id/check-in',
  scheduleSheetFinish: '/schedule-sheets/:id/finish',
  scheduleSheetsGenerate: '/schedule-sheets/generate',
  commissionsDue: '/commissions/due',
  commissionsDueSummary: '/commissions/due/summary',
  commissionStatements: '/commissions/statements',
  commissionStatement: '/commissions/statements/:id',
  commissionStatementSettle: '/commissions/statements/:id/settle',
  commissionStatementExport: '/commissions/statements/:id/export.csv',
  cashHolders: '/cash/holders',
  cashHolder: '/cash/holders/:id',
  cashHandovers: '/cash/handovers',
  cashHandover: '/cash/handovers/:id',
  channels: '/channels',
  channel: '/channels/:id',
  channelKeys: '/channels/:id/keys',
  channelKey: '/channels/:id/keys/:keyId',
  channelRequests: '/channels/:id/requests',
  auditLog: '/audit-log',
  auditLogExport: '/audit-log/export.csv',
  jobs: '/jobs',
  reportSales: '/reports/sales',
  reportSalesCsv: '/reports/sales/export.csv',
  reportSalesXlsx: '/reports/sales/export.xlsx',
  reportOccupancy: '/reports/occupancy',
  reportOccupancyCsv: '/reports/occupancy/export.csv',
  reportOccupancyXlsx: '/reports/occupancy/export.xlsx',
  reportCancellations: '/reports/cancellations',
  reportCancellationsCsv: '/reports/cancellations/export.csv',
  reportCancellationsXlsx: '/reports/cancellations/export.xlsx',
  reportTaxes: '/reports/taxes',
  reportTaxesCsv: '/reports/taxes/export.csv',
  reportTaxesXlsx: '/reports/taxes/export.xlsx',
  publicProduct: '/public/products/:id',
  publicProductAvailability: '/public/products/:id/availability',
  publicAccommodations: '/public/accommodations',
  publicBookings: '/public/bookings',
  publicBooking: '/public/bookings/:id',
  publicBookingCancel: '/public/bookings/:id/cancel',
  publicBookingPayments: '/public/bookings/:id/payments',
  publicBookingInvoices: '/public/bookings/:id/invoices',
  publicInvoicePdf: '/public/bookings/:id/invoices/:invoiceId/pdf',
} as const;

export type TApiPathKey = keyof typeof API_PATHS;

/** The `:name` parameters of a path, as an object of strings ('/a/:id/b/:x' → { id; x }). */
type TPathParams<P extends string> = P extends `${string}:${infer K}/${infer R}`
  ? { [k in K]: string } & TPathParams<`/${R}`>
  : P extends `${string}:${infer K}`
    ? { [k in K]: string }
    : Record<never, never>;

type TApiPathArgs<K extends TApiPathKey> = keyof TPathParams<(typeof API_PATHS)[K]> extends never
  ? []
  : [params: TPathParams<(typeof API_PATHS)[K]>];

/** apiPath('bookingCancel', { id }) → "/bookings/<id>/cancel" (relative to API_PREFIX; values encoded). */
export function apiPath<K extends TApiPathKey>(key: K, ...args: TApiPathArgs<K>): string {
  const params = (args[0] ?? {}) as Record<string, string>;
  return API_PATHS[key].replace(/:(\w+)/g, (_, p: string) => {
    const v = params[p];
    if (v === undefined) throw new Error(`Missing API path parameter "${p}" for ${key}`);
    return encodeURIComponent(v);
  });
}
