package binim

import (
	"slices"
	"strings"

	"github.com/nimtutor/nimtutor/learn"
	"github.com/nimtutor/nimtutor/solver"
)

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	// The two variants differ on runs: each step names the one it is
	// about, and TestCompressionByVariant checks the rule in each.
	learn.Register(&learn.Topic{ID: "binim", Order: 50, Title: "BINIM and BINIM2: runs and reserve moves", Steps: []learn.Step{
		{Idea: "In BINIM2 (misère) a run of equal symbols acts as one symbol: its owner clears it in one move or peels it as slowly as they like, so only the compressed stack matters (`0011` plays like `01`).",
			Game: "binim2", Text: "0011 1", First: "Dee", Says: "win", Like: []string{"01 1"}, Shows: []string{"`01`"}, Ask: learn.WhoWins,
			Has: stacksWith(func(p *Stacks) bool { return p.game.misere && hasRun(p.stacks) }),
			// The verdict is the compressed position's.
			Predicts: func(b learn.Board) solver.Outcome {
				p := b.Position().(*Stacks)
				c := &Stacks{game: p.game, mover: p.mover}
				for _, st := range p.stacks {
					c.stacks = append(c.stacks, Compress(st))
				}
				o, _ := c.Analyze()
				return o
			}},
		{Idea: "In BINIM (normal play) runs do not merge: each symbol of a run is one more move for its owner, so with Dee to move `0011 1` is Dee's win while `01 1` is Dum's.",
			Game: "binim", Text: "0011 1", First: "Dee", Says: "win", Unlike: []string{"01 1"}, Ask: learn.WhoWins,
			// A run on top of a stack: counted by its symbols, not as
			// one, and the count decides.
			Has:      stacksWith(func(p *Stacks) bool { return !p.game.misere && hasTopRun(p.stacks) }),
			Predicts: reserveRule},
		{Idea: "In BINIM2 a stack whose top and bottom differ cancels out: when one player takes from it, the other answers on the same stack.",
			Game: "binim2", Text: "01 10", First: "Dee", Says: "win", Ask: learn.WhoWins,
			Has: stacksWith(func(p *Stacks) bool {
				return p.game.misere && slices.ContainsFunc(p.stacks, func(s string) bool { return s[0] != s[len(s)-1] })
			}),
			// The verdict is that of the stacks left once the ones that
			// cancel out are set aside: with none left, the player to
			// move cannot move, and so wins.
			Predicts: func(b learn.Board) solver.Outcome {
				p := b.Position().(*Stacks)
				rest := slices.DeleteFunc(slices.Clone(p.stacks), func(s string) bool { return s[0] != s[len(s)-1] })
				if len(rest) == 0 {
					return solver.Win
				}
				o, _ := (&Stacks{game: p.game, stacks: rest, mover: p.mover}).Analyze()
				return o
			}},
		{Idea: "In BINIM2 a stack whose top and bottom are both one player's gives that player an extra move they must make in the end; with equal counts the player to move wins, otherwise the one with fewer extra moves.",
			Game: "binim2", Text: "0 1 1", First: "Dee", Says: "win", Shows: []string{"Dee has 1 extra move and Dum 2"}, Ask: learn.WhoWins,
			Has: stacksWith(func(p *Stacks) bool {
				return p.game.misere && slices.ContainsFunc(p.stacks, func(s string) bool { return s[0] == s[len(s)-1] })
			}),
			Predicts: func(b learn.Board) solver.Outcome {
				p := b.Position().(*Stacks)
				var extra [2]int
				for _, s := range p.stacks {
					if s[0] == s[len(s)-1] {
						extra[ownerOf(s[0])]++
					}
				}
				mine, theirs := extra[p.mover], extra[p.mover.Other()]
				return solver.WinIf(mine <= theirs)
			}},
		{Idea: "In BINIM (normal play) each player's moves are reserve moves: Dee has one per 0 in the stacks with 0 on top, Dum one per 1 in the stacks with 1 on top, and the player to move needs strictly more.",
			Game: "binim", Text: "001 11", First: "Dum", Says: "loss", Shows: []string{"Dee has 2 moves and Dum 2"}, Ask: learn.WhoWins,
			// Both players have stacks to take from, and some stack
			// holds the other player's symbols too, which count for
			// nobody.
			Has: stacksWith(func(p *Stacks) bool {
				var tops [2]bool
				mixed := false
				for _, s := range p.stacks {
					tops[ownerOf(s[0])] = true
					mixed = mixed || strings.ContainsRune(s, '0') && strings.ContainsRune(s, '1')
				}
				return !p.game.misere && tops[0] && tops[1] && mixed
			}),
			Predicts: reserveRule},
		{Idea: "So in BINIM (normal play) a good move spends as little of your reserve as possible while taking away your opponent's: take one 0 together with the opponent's run beneath it.",
			Game: "binim", Text: "0110 0", First: "Dee", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{1, 1}, {1, 3}, {2, 1}},
			// The player to move has more reserve moves and a stack
			// with one of their symbols over the opponent's run.
			Has: stacksWith(func(p *Stacks) bool {
				mine, theirs := p.margin()
				_, ok := spendOne(p)
				return !p.game.misere && mine > theirs && ok
			}),
			Move: func(b learn.Board) [2]int { m, _ := spendOne(b.Position().(*Stacks)); return m }},
	}})
}

// The lessons' ideas as tests on a position, for learn.Step.Has, and the
// moves and verdicts they give.

// stacksWith turns a test on the stacks into a test on a lesson's
// position.
func stacksWith(ok func(p *Stacks) bool) func(learn.Board) bool {
	return func(b learn.Board) bool {
		p, isStacks := b.Position().(*Stacks)
		return isStacks && ok(p)
	}
}

// hasRun reports whether some stack has two equal symbols in a row.
func hasRun(stacks []string) bool {
	return slices.ContainsFunc(stacks, func(s string) bool { return len(Compress(s)) < len(s) })
}

// hasTopRun reports whether some stack starts with a run of two or more.
func hasTopRun(stacks []string) bool {
	return slices.ContainsFunc(stacks, func(s string) bool { return len(s) >= 2 && s[0] == s[1] })
}

// reserveRule is BINIM's verdict by reserve moves: the player to move
// wins with strictly more, each player counting their symbols in the
// stacks they have on top.
func reserveRule(b learn.Board) solver.Outcome {
	p := b.Position().(*Stacks)
	var moves [2]int
	for _, s := range p.stacks {
		moves[ownerOf(s[0])] += strings.Count(s, s[:1])
	}
	return solver.WinIf(moves[p.mover] > moves[p.mover.Other()])
}

// spendOne finds the move that spends one reserve move and takes the
// opponent's run beneath it: on the first stack whose top is a single
// symbol of the player to move over a run of the opponent's, that symbol
// and the run.
func spendOne(p *Stacks) ([2]int, bool) {
	own := symbolOf(p.mover)
	for i, s := range p.stacks {
		if len(s) < 2 || s[0] != own || s[1] == own {
			continue
		}
		run := len(s) - 1 - len(strings.TrimLeft(s[1:], s[1:2]))
		return [2]int{i + 1, 1 + run}, true
	}
	return [2]int{}, false
}

// LessonLinks says which lesson teaches the idea of each explanation step.
func (g *stackGame) LessonLinks() map[string]string {
	if g.misere {
		return map[string]string{"Merge the runs": "binim", "Stacks that cancel out": "binim", "Extra moves": "binim", "The misère rule": "binim", "The rule here": "binim"}
	}
	return map[string]string{"Each stack belongs to one player": "binim", "The rule": "binim", "The rule here": "binim"}
}

// ThemeLessons says which lesson teaches each theme of its puzzles.
func (g *stackGame) ThemeLessons() map[string]string {
	return map[string]string{ThemeMisereReserve: "binim", ThemeCancelling: "binim", ThemeCountingMoves: "binim", ThemeOneMoveMargin: "binim"}
}
