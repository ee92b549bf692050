/** `0x1234…abcd`. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** The name to show for a trader: display name, then username, then the short account. */
export function traderName(p: {
  displayName: string | null;
  username: string | null;
  account: string;
}): string {
  return p.displayName?.trim() || p.username?.trim() || shortAddress(p.account);
}
