// The booking feature's public face: what other features may use of it. Routes may import its files.
export { BOOKING_TYPE_KEY, BookingWidget, type AddressFieldProps, type WidgetInitialValues } from './components/booking-widget';
export { clearPartnerChoice } from './booking-draft';
