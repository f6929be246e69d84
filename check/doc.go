// Package check judges a student's program without running it: it writes
// test files in each problem's judge format, generated to stress what
// solutions get wrong and reproducible from a seed, and compares a
// program's output with the answers of package solver, answer by answer,
// pointing at the smallest failing case and at malformed lines.
//
// It knows nothing of Discord: commands/ and cmd/nimtutor turn its
// reports into replies.
package check
