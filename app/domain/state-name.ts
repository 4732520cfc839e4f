/**
 * How shoppers read a state's name: the FCT one way everywhere ("FCT (Abuja)", short enough for a
 * phone's line), every other state as it is. Values (forms, the API, the database) keep the full
 * "Federal Capital Territory". Apart from ./states.ts so a page that only shows an address does not
 * load the list of states.
 */
export const stateName = (state: string): string => (state === "Federal Capital Territory" ? "FCT (Abuja)" : state);
