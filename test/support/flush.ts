/** Lets every pending promise reaction run: the rest of a chain that waits on no timer or I/O. */
export const flush = () => new Promise<void>((r) => setImmediate(r));
