/**
 * What payments use of the orders area: the order's events, emptying the cart an
 * order came from after a verified card payment, and the guest order token.
 */
export { announceOrder, emptySourceCart, guestTokenFor, guestTokenOpens, recordOrderEvent } from "../orders/commands.server";
