/**
 * A booking's answers to its product's questions on the sheet's passenger list (issue 33 item 3):
 * one short line per question, «¿Sabe nadar? P1 Sí · P2 No · P3 Sin responder», so the crew reads
 * them on a phone at the door; a required question not answered yet says «Sin responder».
 * P1… are the passengers in the order adult, child, infant, senior (their type in the title).
 */
import { passengerTypes, type TSheetPassenger } from '@trayecto/shared';
import { Fragment } from 'react';
import { answerGroups, passengerName, UNANSWERED } from '../../../lib/booking-answers';
import classes from './sheets.module.css';

/** The groups of a passenger row: its answers, then what is still unanswered. */
export const sheetAnswerGroups = (p: Pick<TSheetPassenger, 'answers' | 'unanswered'>) =>
  answerGroups(p.answers ?? [], p.unanswered ?? []);

/**
 * The answers as compact lines (spans: it sits inside the check-in row's tap target). `print`: the
 * printed sheet's plain style.
 */
export function SheetAnswers({
  p,
  print = false,
}: {
  p: Pick<TSheetPassenger, 'answers' | 'unanswered' | 'pax' | 'pax_total'>;
  print?: boolean;
}) {
  const groups = sheetAnswerGroups(p);
  if (groups.length === 0) return null;
  const types = passengerTypes(p.pax as Record<string, number>);
  // One passenger: «¿Sabe nadar? Sí», no number needed.
  const single = p.pax_total <= 1;
  return (
    <span className={print ? classes.answersPrint : classes.answers} data-testid="sheet-answers">
      {groups.map((g) => (
        <span key={g.question_id} className={classes.answerLine}>
          <span className={classes.answerLabel}>{g.label}</span>{' '}
          {g.items.map((it, k) => (
            <Fragment key={it.passenger ?? 0}>
              {k > 0 ? ' · ' : null}
              {/* A passenger's number and answer stay together on one line. */}
              <span className={classes.answerItem}>
                {it.passenger != null && !single ? (
                  <span className={classes.answerWho} title={passengerName(it.passenger, types)}>
                    P{it.passenger}{' '}
                  </span>
                ) : null}
                {it.text === null ? (
                  <span className={classes.unanswered}>{UNANSWERED}</span>
                ) : (
                  <span className={classes.answerValue}>{it.text}</span>
                )}
              </span>
            </Fragment>
          ))}
        </span>
      ))}
    </span>
  );
}
