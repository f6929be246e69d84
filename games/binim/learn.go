package binim

import "github.com/nimtutor/nimtutor/learn"

// The lessons of the game, registered for /learn. Every outcome a
// sentence states and every exercise is checked against exhaustive
// search by package learn's tests.
func init() {
	// The two variants differ on runs: each step names the one it is
	// about, and TestCompressionByVariant checks the rule in each.
	learn.Register(&learn.Topic{ID: "binim", Order: 50, Title: "BINIM and BINIM2: runs and reserve moves", Steps: []learn.Step{
		{Idea: "In BINIM2 (misère) a run of equal symbols acts as one symbol: its owner clears it in one move or peels it as slowly as they like, so only the compressed stack matters (`0011` plays like `01`).",
			Game: "binim2", Text: "0011 1", First: "Dee", Says: "win", Like: []string{"01 1"}, Shows: []string{"`01`"}, Ask: learn.WhoWins},
		{Idea: "In BINIM (normal play) runs do not merge: each symbol of a run is one more move for its owner, so with Dee to move `0011 1` is Dee's win while `01 1` is Dum's.",
			Game: "binim", Text: "0011 1", First: "Dee", Says: "win", Unlike: []string{"01 1"}, Ask: learn.WhoWins},
		{Idea: "In BINIM2 a stack whose top and bottom differ cancels out: when one player takes from it, the other answers on the same stack.",
			Game: "binim2", Text: "01 10", First: "Dee", Says: "win", Ask: learn.WhoWins},
		{Idea: "In BINIM2 a stack whose top and bottom are both one player's gives that player an extra move they must make in the end; with equal counts the player to move wins, otherwise the one with fewer extra moves.",
			Game: "binim2", Text: "0 1 1", First: "Dee", Says: "win", Shows: []string{"Dee has 1 extra move and Dum 2"}, Ask: learn.WhoWins},
		{Idea: "In BINIM (normal play) each player's moves are reserve moves: Dee has one per 0 in the stacks with 0 on top, Dum one per 1 in the stacks with 1 on top, and the player to move needs strictly more.",
			Game: "binim", Text: "001 11", First: "Dum", Says: "loss", Shows: []string{"Dee has 2 moves and Dum 2"}, Ask: learn.WhoWins},
		{Idea: "So in BINIM (normal play) a good move spends as little of your reserve as possible while taking away your opponent's: take one 0 together with the opponent's run beneath it.",
			Game: "binim", Text: "0110 0", First: "Dee", Says: "win", Ask: learn.WhichMove, Choices: [][2]int{{1, 1}, {1, 3}, {2, 1}}},
	}})
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
