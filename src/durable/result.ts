/**
 * What an object's method answers when it may refuse the request: the value, or a domain error code
 * with the message the user reads (the one shape, src/result.ts). Objects never choose an HTTP status:
 * the route that calls one maps each code to a status.
 */
export { refused, type Refused, type Result } from '../result';
