/** The last location the console showed, for loaders that refuse and stay where the user was. */
let last: string | undefined;

export function rememberLocation(path: string): void {
  last = path;
}

export function lastLocation(): string | undefined {
  return last;
}
