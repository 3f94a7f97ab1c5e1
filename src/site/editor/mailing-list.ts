/**
 * The mailing-list connection (engine spec §2 "mailing-list connection dialog", §4): which list the
 * store's newsletter sign-ups go to, with double opt-in or not, in one of three states:
 * disconnected, connected, or awaiting connection while the list's automation service confirms it.
 * Lists live with the site (a local implementation: no mailing service is called). A list run by an
 * automation service connects in two steps: the connect request leaves it awaiting, and the
 * service's confirmation (`confirm`, which the console's "Check connection" asks for) connects it.
 * Validation of the stored form: schema.ts.
 */
import { refused, type Refused } from '../../result';

export const MAILING_LIST_MESSAGES = {
  listRequired: 'A List must be selected',
  noLists: "You don't have any mailing lists. Please create one before continuing",
  unknownList: 'That list does not exist.',
  listExists: 'A list with that name already exists.',
  listNameRequired: 'Please enter a list name',
  tooManyLists: 'A store can have at most 50 mailing lists.',
  notAwaiting: 'There is no connection awaiting confirmation.',
  unableToConnect: 'Unable to connect. Please try again',
} as const;

export const MAX_MAILING_LISTS = 50;

export interface MailingListEntry {
  id: string;
  name: string;
  /** Run by an automation service: connecting it waits for the service's confirmation. */
  automation: boolean;
}

export type MailingConnection =
  | { state: 'disconnected' }
  | { state: 'awaiting'; listId: string; doubleOptIn: boolean; requestedAt: number }
  | { state: 'connected'; listId: string; doubleOptIn: boolean; connectedAt: number };

export interface MailingList {
  lists: MailingListEntry[];
  connection: MailingConnection;
}

export const NO_MAILING_LIST: MailingList = { lists: [], connection: { state: 'disconnected' } };

/** What the merchant asks of the connection. */
export type MailingListChange =
  | { action: 'connect'; listId: string | null; doubleOptIn: boolean }
  | { action: 'disconnect' }
  | { action: 'confirm' }
  | { action: 'addList'; name: string };

export type MailingListOutcome = { mailingList: MailingList } | Refused<'not-found' | 'invalid'>;

/** Applies a change at time `now`; the new state, or the message to show. */
export function changeMailingList(
  current: MailingList,
  change: MailingListChange,
  now: number,
  newId: () => string,
): MailingListOutcome {
  switch (change.action) {
    case 'connect': {
      if (current.lists.length === 0) return refused('invalid', MAILING_LIST_MESSAGES.noLists);
      if (change.listId === null || change.listId === '') return refused('invalid', MAILING_LIST_MESSAGES.listRequired);
      const list = current.lists.find((entry) => entry.id === change.listId);
      if (list === undefined) return refused('not-found', MAILING_LIST_MESSAGES.unknownList);
      const connection: MailingConnection = list.automation
        ? { state: 'awaiting', listId: list.id, doubleOptIn: change.doubleOptIn, requestedAt: now }
        : { state: 'connected', listId: list.id, doubleOptIn: change.doubleOptIn, connectedAt: now };
      return { mailingList: { ...current, connection } };
    }
    case 'disconnect':
      return { mailingList: { ...current, connection: { state: 'disconnected' } } };
    case 'confirm': {
      const connection = current.connection;
      if (connection.state !== 'awaiting') return refused('invalid', MAILING_LIST_MESSAGES.notAwaiting);
      if (!current.lists.some((entry) => entry.id === connection.listId))
        return refused('invalid', MAILING_LIST_MESSAGES.unableToConnect);
      return {
        mailingList: {
          ...current,
          connection: {
            state: 'connected',
            listId: connection.listId,
            doubleOptIn: connection.doubleOptIn,
            connectedAt: now,
          },
        },
      };
    }
    case 'addList': {
      const name = change.name.trim();
      if (name === '') return refused('invalid', MAILING_LIST_MESSAGES.listNameRequired);
      if (current.lists.length >= MAX_MAILING_LISTS) return refused('invalid', MAILING_LIST_MESSAGES.tooManyLists);
      if (current.lists.some((entry) => entry.name.toLowerCase() === name.toLowerCase()))
        return refused('invalid', MAILING_LIST_MESSAGES.listExists);
      return { mailingList: { ...current, lists: [...current.lists, { id: newId(), name, automation: false }] } };
    }
  }
}
