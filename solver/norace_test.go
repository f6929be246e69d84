//go:build !race

package solver

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
