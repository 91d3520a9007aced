// Users and the lab tools as the hosts show them (issue 29). No secret is ever a field here:
// a temporary password, an API client's password and a device token being checked travel in
// requests only, never in an answer.

/** A user of the service: the interface shows only that a user has a role and 'ADMIN' is one. */
export interface UserSummary {
  id: number;
  /** The user's email, when the record carries one. */
  email?: string;
  role?: string;
  /** When the service says the account was created. */
  createdAt?: string;
}

/** What the service said of a device token, in words; never the token itself. */
export interface TokenVerdict {
  /** true or false when the service said so; undefined when its answer did not say. */
  valid: boolean | undefined;
  /** One sentence for the user. */
  words: string;
  /** Further facts the answer gave (token id, device, expiry), as "name: value" lines. */
  facts: string[];
}
