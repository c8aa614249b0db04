/**
 * The screens of the schedule-sheets routes (spec §2: scheduleSheets-index, schedule-edit). The
 * office gets the day's table; Chofer and Guía get their own sheets as big phone cards.
 */
import { useMemo } from 'react';
import { getRoles } from '../../../lib/auth-storage';
import { sheetAccess } from '../utils/sheet-access';
import { CrewSheetsScreen } from './crew-sheets-screen';
import { SheetEditScreen } from './sheet-edit-screen';
import { SheetsListScreen } from './sheets-list-screen';

export function ScheduleSheetsScreen() {
  const { isCrew } = useMemo(() => sheetAccess(getRoles()), []);
  return isCrew ? <CrewSheetsScreen /> : <SheetsListScreen />;
}

export function ScheduleEditScreen() {
  return <SheetEditScreen />;
}
