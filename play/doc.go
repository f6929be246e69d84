// Package play is a game against the bot as a domain type, apart from any
// transport: a Session holds the position, the side the student plays and
// how they have played; Move plays the student's move, judges it (Judge:
// did it keep the best outcome, as quickly as possible, counting moves
// where the search reaches) and answers with the bot's move: the move the tutor
// teaches, or losing, the slowest loss. Each Turn says what happened in sentences that the
// console, the command line and Discord format as they like. Judge also
// serves game reviews (package practice).
package play
