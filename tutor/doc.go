// Package tutor is nimtutor's use-case layer: one function per thing a
// learner can ask for (solve, hint, moves, why, verify; play a move, take
// it back, resume, review; practice, daily, progress, history,
// leaderboard; lessons; check and judge; export and forget), each taking
// a context, the learner and plain inputs and returning a plain value
// that the transports render: package commands as Discord messages, the
// console and the command line as text.
//
// The package owns what those use cases share: the cache of
// explanations and states, the gates that bound heavy work, and the
// store, which it opens on first use through practice. Nothing below it
// knows about Discord, and nothing above it touches the store: every
// write happens here, under the request's context, before the reply is
// built.
//
// Records are addressed by id: a game against the bot by its record id,
// which the controls of its board carry, so that a move, a take-back or
// a resume acts on that record and no other.
//
// A Walk in the context records the packages a request passes through
// (see walk.go), so that a test can check that a flow goes down once and
// comes back once.
package tutor
