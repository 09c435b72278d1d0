// How the values of rows read in the answers: timestamps in RFC 3339 with an offset, cents as numbers.
export { cents, iso } from '../sql.ts';
