import type { TPublicDict } from '../es';

/** British English. */
export const booking: TPublicDict['booking'] = {
  title: (product, operator) => `Book: ${product} · ${operator}`,
  kicker: 'Book online',
  formLabel: 'Booking',
  steps: {
    date: 'Choose a date',
    time: 'Choose a time',
    pax: 'How many people?',
    pickup: 'Pickup',
    customer: 'Your details',
  },
  noDeparturesThisMonth: 'There are no departures with places available this month. Try next month.',
  chooseDateFirst: 'Choose a date in the calendar first.',
  timesOf: (day) => `Departure times on ${day}`,
  full: 'Full',
  minPax: (n) => `This departure runs with a minimum of ${n} people.`,
  seatsOnDeparture: (n) =>
    n === 1 ? 'There is 1 place left on this departure.' : `There are ${n} places left on this departure.`,
  summary: {
    title: 'Your booking',
    notChosen: 'Not chosen yet',
    addSomeone: 'Add at least one person.',
    taxes: 'Taxes included.',
    sending: 'Sending…',
    retry: 'Try again',
    review: (operator) => `${operator} will review your booking and confirm it by email.`,
  },
  soldOut: {
    title: 'Not enough places left',
    text: (day, time, left) =>
      `Places on the ${time} departure on ${day} were sold while you were booking${
        left === null
          ? ''
          : left === 0
            ? ', and it is now full'
            : left === 1
              ? ', and there is now 1 place left'
              : `, and there are now ${left} places left`
      }. Your details are still here: choose another time or date.`,
    alternatives: 'Other times with places',
    switchTo: (time, seats) => `Switch to ${time} · ${seats}`,
    otherDate: 'Choose another date',
  },
  failed: {
    title: 'We couldn’t confirm your booking',
    safeRetry: 'Don’t worry: if you try again, your booking won’t be made twice.',
  },
  errors: {
    date: 'Choose a date',
    time: 'Choose a time',
    pax: 'Add at least one passenger',
    seatsLeft: (n) =>
      n === 1 ? 'There is only 1 place left on this departure' : `There are only ${n} places left on this departure`,
    checkFields: 'Please check the fields marked.',
  },
};
