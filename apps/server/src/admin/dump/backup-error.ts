/**
 * A backup or restore that cannot go on, with a message for the operator (the commands print
 * it and exit 1): a missing tool, a bad file, a database that would lose data.
 */
export class BackupError extends Error {}
