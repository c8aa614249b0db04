import type { TPublicDict } from '../es';

/** English (British) texts of the voucher and the thanks after booking (see ../es/voucher.ts). */
export const voucher: TPublicDict['voucher'] = {
  title: (locator, operator) => `Voucher ${locator} · ${operator}`,
  notFound: 'We can’t find this voucher. Please check the link you were sent or contact your tour operator.',
  print: 'Print',
  viewBooking: 'View my booking',
  viewTour: 'View the excursion',
  kind: 'Booking voucher',
  cancelled: 'Booking cancelled: this voucher is no longer valid.',
  cancelledOn: (when) => `Booking cancelled on ${when}: this voucher is no longer valid.`,
  pending: (operator) => `Awaiting confirmation: ${operator} will confirm your booking.`,
  locator: 'Booking reference',
  departure: 'Departure time',
  qrLabel: (locator) => `QR code for voucher ${locator}`,
  qrCaption: 'Show this code to the guide or the driver',
  room: (room) => `Room ${room}`,
  beAtPickup: 'Please be at the pick-up point 5 minutes before the time shown.',
  beAtMeetingPoint: 'Please arrive 15 minutes before departure.',
  askMeetingPoint: (operator) => `Please check the meeting point with ${operator}.`,
  tourMeetingPoint: 'Excursion meeting point:',
  pickupNotes: 'Pick-up instructions',
  whatToBring: 'What to bring',
  holder: 'Lead passenger',
  passengers: 'Passengers',
  amount: 'Amount',
  notes: 'Comments',
  contact: 'Contact',
  terms: 'Terms and conditions',
  freeCancellationUntil: (when) => `Free cancellation until ${when}.`,

  thanks: {
    hello: (firstName) => (firstName ? `Thank you, ${firstName}!` : 'Thank you!'),
    received: 'We have received your booking.',
    confirmed: 'Your booking is confirmed.',
    pendingLead: (operator, link) =>
      `It is awaiting confirmation: ${operator} will check availability and confirm it. You can follow its progress under “${link}”.`,
    next: 'What happens next',
    pickupAt: (day, time, place) =>
      `On ${day} we will pick you up at ${time} from ${place}. Please be there 5 minutes early.`,
    pickupAtRoom: (day, time, place, room) =>
      `On ${day} we will pick you up at ${time} from ${place} (room ${room}). Please be there 5 minutes early.`,
    pickupNoTime: (day, place, operator) =>
      `On ${day} we will pick you up from ${place}; ${operator} will let you know the pick-up time.`,
    pickupNoTimeRoom: (day, place, room, operator) =>
      `On ${day} we will pick you up from ${place} (room ${room}); ${operator} will let you know the pick-up time.`,
    meetingPoint: (day, place, time) =>
      `On ${day}, please be at ${place} 15 minutes before departure, which is at ${time}.`,
    noPlace: (day, time, operator) => `Departure is on ${day} at ${time}; ${operator} will tell you where to meet.`,
    keepVoucher:
      'This page is your voucher, with booking reference {locator}: save or print it and show it (on your phone or on paper) to the guide or the driver.',
    cancelFree: (when, link) => `If you can’t make it, cancel free of charge until ${when} from “${link}”.`,
    questions: (operator) => `Any questions? Call ${operator} on {phone}.`,
  },
};
