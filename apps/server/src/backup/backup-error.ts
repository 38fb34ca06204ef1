// A backup or a restore refused for a reason its owner can act on (a wrong key, a changed file, a
// shop in the way): the message says what and what to do, and is printed as it is.
export class BackupError extends Error {
  override name = 'BackupError'
}
