/** The activity log screens the app's router loads on demand (one chunk each). */
export const auditLogScreens = {
  index: () => import('./components/audit-log-screen').then((m) => m.AuditLogScreen),
};
