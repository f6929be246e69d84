//go:build race

package gametest

// RaceEnabled reports whether the tests run under the race detector, which
// slows byte loops about tenfold; the biggest inputs shrink then.
const RaceEnabled = true
