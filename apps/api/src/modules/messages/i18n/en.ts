/** What customers read, in British English (issue 15). Same keys and placeholders as ./es.ts. */
import type { MessageTexts } from './es';

export const en: MessageTexts = {
  subjects: {
    booking_confirmed: 'Booking confirmed: {tail}',
    booking_requested: 'We’ve received your booking request: {tail}',
    booking_prepared: 'Your booking is ready for you to confirm: {tail}',
    booking_changed: 'Changes to your booking: {tail}',
    booking_cancelled: 'Booking cancelled: {tail}',
    payment_received: 'Payment received: {tail}',
    payment_refunded: 'Refund for your booking: {tail}',
    payment_link: 'Pay for your booking online: {tail}',
    booking_reminder: 'Your tour is tomorrow: {tail}',
    departure_cancelled: 'Tour cancelled: {tail}',
  },
  subjectTail: '{product}, {day} ({locator})',
  when: '{day} at {time}',
  labelValue: '{label}: {value}',
  greeting: 'Hello {name},',
  greetingNoName: 'Hello,',
  labels: {
    locator: 'Booking reference',
    product: 'Tour',
    date: 'Date',
    pax: 'Guests',
    duration: 'Duration',
    pickup: 'Pick-up',
    meetingPoint: 'Meeting point',
    total: 'Total',
    paid: 'Paid',
    pending: 'Outstanding',
    paidNet: 'Paid (net)',
    departureTime: 'Departure time',
    pickupTime: 'Pick-up time',
    pickupPlace: 'Pick-up location',
    room: 'Room',
  },
  pax: {
    adult: { one: 'adult', other: 'adults' },
    child: { one: 'child', other: 'children' },
    infant: { one: 'infant', other: 'infants' },
    senior: { one: 'senior', other: 'seniors' },
  },
  paymentMethods: {
    cash: 'cash',
    card: 'card',
    transfer: 'bank transfer',
    online: 'online',
  },
  departureReasons: {
    weather: 'bad weather',
    min_pax: 'the minimum number of guests was not reached',
    operational: 'operational reasons',
    other: 'other reasons',
  },
  pickup: {
    otherPlace: '{place}, the pick-up point for {hotel}',
    room: 'room {room}',
    withTime: '{time} at {place}',
    timeToConfirm: '{place} (we’ll confirm the time)',
    meetingPoint: '{place}, at {time}',
    none: 'no pick-up',
  },
  buttons: {
    voucher: 'View your voucher',
    manage: 'View or change my booking',
    review: 'Review and confirm your booking',
  },
  contact: {
    phoneAndEmail: 'Any questions? We’re happy to help: call us on {phone} or email {email}.',
    phone: 'Any questions? We’re happy to help: call us on {phone}.',
    email: 'Any questions? We’re happy to help: email us at {email}.',
    reply: 'Any questions? We’re happy to help: just reply to this email.',
  },
  freeCancellation: 'Free cancellation until {when} from your booking page.',
  whatToBring: 'What to bring: {items}.',
  pickupNotes: 'About your pick-up: {notes}',
  confirmed: {
    intro: 'Your booking for ‘{product}’ is confirmed. Thank you for booking with {brand}!',
    nextPickup:
      'What to do now: keep your voucher handy (the QR code is all you need, on your phone or printed) and be at the pick-up point 5 minutes before the time. Open the attached file to add the tour to your calendar.',
    nextMeetingPoint:
      'What to do now: keep your voucher handy (the QR code is all you need, on your phone or printed) and be at the meeting point 10 minutes early. Open the attached file to add the tour to your calendar.',
    next: 'What to do now: keep your voucher handy (the QR code is all you need, on your phone or printed). Open the attached file to add the tour to your calendar.',
    preview: '{product}, {when}. Your voucher and all the details are inside.',
  },
  requested: {
    intro:
      'We’ve received your request for ‘{product}’. {brand} will review it and we’ll email you as soon as it’s confirmed. Please note that this is not yet a valid voucher.',
  },
  prepared: {
    intro:
      '{brand} has prepared this booking for you. Please check the details, fill in anything that’s missing and confirm it using the link below:',
    preview: 'Please review and confirm your booking for {product}.',
  },
  changed: {
    intro: 'We’ve made some changes to your booking. Here’s what has changed:',
    heading: 'Your booking now',
    note: 'Your voucher link stays the same and already shows the new details.',
  },
  cancelled: {
    byCustomer: 'You have cancelled your booking for ‘{product}’ on {when}.',
    byOperator: '{brand} has cancelled your booking for ‘{product}’ on {when}.',
    reason: 'Reason: {reason}',
    preview: '{product}, {when}: booking cancelled.',
  },
  refund: {
    nothingPaid: 'You hadn’t paid anything, so you won’t be charged.',
    paid: 'You have paid {amount}. We’ll email you again once we’ve made your refund.',
  },
  payment: {
    received: 'We’ve received your payment of {amount}. Thank you!',
    receivedWithMethod: 'We’ve received your payment of {amount} ({method}). Thank you!',
    receivedPreview: 'Payment of {amount} received.',
    refunded:
      'We’ve refunded {amount} to you. Depending on your bank, it may take a few days to appear in your account.',
    refundedWithMethod:
      'We’ve refunded {amount} to you ({method}). Depending on your bank, it may take a few days to appear in your account.',
    refundedPreview: 'Refund of {amount}.',
    linkIntro: 'You can pay {amount} for your booking online, by card, until {until}.',
    linkButton: 'Pay {amount}',
    linkPreview: 'Pay {amount} online by {until}.',
  },
  reminder: {
    intro: 'Your tour ‘{product}’ is tomorrow, and we’re looking forward to seeing you:',
    pickup:
      'Pick-up: {value}. Please have your voucher ready (the QR code on your phone is enough) and be there 5 minutes before the time.',
    meetingPoint:
      'Meeting point: {value}. Please have your voucher ready (the QR code on your phone is enough) and arrive 10 minutes early.',
    plain: 'Please have your voucher ready (the QR code on your phone is enough) and arrive 10 minutes early.',
  },
  departureCancelled: {
    intro:
      'We’re very sorry: {brand} has had to cancel the ‘{product}’ departure on {when}, and with it your booking {locator}.',
    introWithReason:
      'We’re very sorry: {brand} has had to cancel the ‘{product}’ departure on {when} ({reason}), and with it your booking {locator}.',
    heading: 'What happens next',
    preview: 'Your tour on {when} has been cancelled: here’s what happens next.',
  },
  layout: {
    buttonFallback: 'If the button doesn’t work, copy this address into your browser:',
    footer: 'Sent by Trayecto on behalf of {brand}.',
  },
  calendar: {
    fileName: 'booking-{locator}.ics',
    locator: 'Booking reference',
    voucher: 'Voucher',
    contact: 'Contact',
  },
  whatsapp: {
    hello: 'Hi {name},',
    helloNoName: 'Hello,',
    booking_prepared:
      '{hello} this is {brand}. We’ve prepared your booking for ‘{product}’ on {when} ({locator}). Please check and confirm it here:\n{link}',
    booking_confirmed:
      '{hello} this is {brand}. Your booking {locator} for ‘{product}’ is on {when}.{where}\nYour voucher: {link}',
    booking_reminder:
      '{hello} just a reminder from {brand} that your tour ‘{product}’ is tomorrow, {when}.{where}\nYour voucher: {link}',
    booking_cancelled:
      '{hello} this is {brand}: your booking {locator} for ‘{product}’ on {when} has been cancelled. If you have any questions, just reply to this message.',
    booking_cancelled_paid:
      '{hello} this is {brand}: your booking {locator} for ‘{product}’ on {when} has been cancelled. You have paid {amount}, and we’ll let you know as soon as we’ve made your refund. If you have any questions, just reply to this message.',
    payment_link:
      '{hello} This is {brand}. You can pay {amount} for your booking {locator} ("{product}", {when}) here, until {until}:\n{link}',
  },
};
