/** Header that marks requests as coming from the wallet user (spec §6). */
export const CLIENT_HEADER = 'X-Requested-By';
export const CLIENT_HEADER_VALUE = 'wallet-user';
