/**
 * How an audit entry reads on screen: the badge colour of an action and where the record is seen.
 * The wording of actions, records and changes is shared with the API's CSV export
 * (@trayecto/shared, audit/audit-format.ts).
 */
import { pathTo, type TAuditEntryResponse } from '@trayecto/shared';

export {
  actionLabel,
  changeLines,
  entityLabel,
  fieldLabel,
  formatValue,
  type TChangeLine,
  type TFormatContext,
} from '@trayecto/shared';

/** Badge colour of an action: creation green, removal red, money teal, state changes blue. */
export function actionColor(action: string): string {
  switch (action) {
    case 'create':
    case 'generate':
      return 'green';
    case 'delete':
    case 'cancel':
      return 'red';
    case 'payment':
    case 'refund':
      return 'teal';
    case 'state':
    case 'finish':
    case 'confirm':
    case 'role':
      return 'blue';
    case 'check_in':
    case 'check_in_undo':
      return 'violet';
    default:
      return 'gray';
  }
}

/**
 * Where the record is seen: a booking's or a sheet's page, a channel's connection (keys and
 * requests) over the channels list, the users list searching the user.
 */
export function recordHref(entry: Pick<TAuditEntryResponse, 'entity_type' | 'entity_id' | 'action' | 'summary'>) {
  if (entry.action === 'delete') return null;
  if (entry.entity_type === 'booking') return pathTo('bookingEdit', { id: entry.entity_id });
  if (entry.entity_type === 'schedule_sheet') return pathTo('scheduleEdit', { id: entry.entity_id });
  if (entry.entity_type === 'channel') return `${pathTo('channels')}?channel=${encodeURIComponent(entry.entity_id)}`;
  const email = /<([^>]+)>$/.exec(entry.summary)?.[1];
  return email ? `${pathTo('users')}?q=${encodeURIComponent(email)}` : pathTo('users');
}

/** "Ana Admin <ana@x.es>" → { name: "Ana Admin", email: "ana@x.es" }. */
export function splitActorLabel(label: string): { name: string; email: string } {
  const m = /^(.*?)\s*<([^>]+)>$/.exec(label);
  return m ? { name: m[1], email: m[2] } : { name: label, email: '' };
}
