// Property tests are sized by their number of runs, never by the clock: each states its `numRuns`,
// and its time limit is this generous one, so a busy machine (two cores shared with another suite)
// makes a run slower but never makes it fail. The limit only stops a run that hangs.
export const PROPERTY_TIMEOUT = 180_000
