// Formatting at the edge: amounts (integer minor units), dates, time-ago, account numbers. Pure functions.
export {
  formatMoney,
  formatSignedMoney,
  statementSign,
  toMinorUnits,
  majorToMinor,
  currencyScale,
  CURRENCY_SCALE,
  type AmountSign,
} from './money';
export {
  formatDate,
  formatTime,
  formatDateTime,
  formatCountdown,
  timeAgo,
  timeAgoParts,
  type DateInput,
  type TimeAgoUnit,
} from './date';
export { formatAccountNo, maskPhone, normalizeAccountNo } from './text';
export { bankName, type BankNames } from './bank-name';
