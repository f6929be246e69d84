// Package fault is nimtutor's error vocabulary: the one error type that
// carries a failure from a parser or a store up to a person, its codes,
// the one constructor, the one apology for our own failures, and the few
// text helpers messages are written with.
//
// It imports nothing of nimtutor, so every layer may use it: the engine
// to say what is wrong with a position, the use cases to refuse a
// control, the transports to tell a person what to do next, without any
// of them importing another for it.
package fault
