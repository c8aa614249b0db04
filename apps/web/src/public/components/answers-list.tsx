import type { TPublicBooking } from '@trayecto/shared';
import { answerText, groupedAnswers, passengerLabel } from '../lib/answer-text';
import './answers-list.css';

/**
 * A booking's answers to its product's questions (ADR 024), compact: the booking's («¿Cómo nos has
 * conocido? Internet»), then a line per passenger («Pasajero 1 · Adulto — ¿Sabe nadar? Sí»). For
 * the voucher and for a booking that can no longer change. Each label is the question's in the
 * page's language while the product still asks it, else as it was when answered.
 */
export function AnswersList({ booking: b }: { booking: Pick<TPublicBooking, 'answers' | 'lines' | 'questions'> }) {
  const { forBooking, passengers } = groupedAnswers(b);
  const question = (id: string) => b.questions.find((q) => q.id === id);
  return (
    <dl className="pub-answers" data-testid="answers">
      {forBooking.map((a) => (
        <div key={a.question_id}>
          <dt>{a.label}</dt>
          <dd>{answerText(a, question(a.question_id))}</dd>
        </div>
      ))}
      {passengers.map((p) => (
        <div key={p.n} data-testid={`answers-passenger-${p.n}`}>
          <dt>{passengerLabel(p.n, p.type)}</dt>
          <dd>
            {p.answers.map((a, k) => (
              <span key={a.question_id} className="pub-answer">
                {k > 0 && ' · '}
                {a.label} <strong>{answerText(a, question(a.question_id))}</strong>
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
