//go:build race

package practice_test

// raceEnabled reports whether the race detector is on: it slows the
// simulations tenfold, so they run without it (.ci/run runs them so).
const raceEnabled = true
