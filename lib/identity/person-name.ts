/** The most characters of a first or last name: the sign-up form, the account page and their checks on the server. */
export const PERSON_NAME_MAX = 100;
